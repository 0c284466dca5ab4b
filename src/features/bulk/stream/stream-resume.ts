/**
 * Where a streamed file's job got to, in IndexedDB (never the key, never the rows): the rows
 * done (DoneRows) and the counts, under the file's name, size and modification time. When
 * the same file is chosen again, the page offers to go on after those rows.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoneRowsState } from '../../../bulk-job/done-rows.ts';

export interface StreamProgressRecord extends DoneRowsState {
  /** name, size and lastModified of the file (fileKey). */
  file: string;
  registered: number;
  failed: number;
  skipped: number;
  savedAt: number;
}

interface ResumeDb extends DBSchema {
  files: { key: string; value: StreamProgressRecord };
}

const DB_NAME = 'inode-console-bulk';
let dbPromise: Promise<IDBPDatabase<ResumeDb>> | null = null;

function db(): Promise<IDBPDatabase<ResumeDb>> {
  dbPromise ??= openDB<ResumeDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('files', { keyPath: 'file' });
    },
  });
  return dbPromise;
}

/** The same file chosen again has the same key (a changed file does not). */
export function fileKey(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/** The saved progress of this file's job, or null (none, or IndexedDB unavailable). */
export async function readProgress(key: string): Promise<StreamProgressRecord | null> {
  try {
    return (await (await db()).get('files', key)) ?? null;
  } catch {
    return null;
  }
}

/** Saves (replaces) a file's progress; a failure only loses the chance to resume. */
export async function saveProgress(record: StreamProgressRecord): Promise<boolean> {
  try {
    await (await db()).put('files', record);
    return true;
  } catch {
    return false;
  }
}

export async function forgetProgress(key: string): Promise<void> {
  try {
    await (await db()).delete('files', key);
  } catch {
    // Nothing saved, nothing to forget.
  }
}
