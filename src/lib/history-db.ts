/**
 * The browser's record of calls and registrations, in IndexedDB through `idb`. Entries never
 * hold the OpenIDKey: callers pass parameters through `withoutSecrets` first, and `addCall`
 * strips secret parameters again as a second line of defence.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OPERATIONS, type Binding, type OperationName } from '../protocol/operations.ts';
import type { OutcomeKind } from './outcome-kind.ts';

export interface CallRecord {
  id: number;
  operation: OperationName;
  binding: Binding;
  /** Target id used, or null for the server default. */
  targetId: string | null;
  /** Parameters without secrets. */
  params: Record<string, string>;
  outcome: OutcomeKind;
  /** One line a person can read: the ErrorCode, the returned string, the fault reason... */
  summary: string;
  durationMs: number;
  /** ms since the epoch. */
  at: number;
}

export interface RegistrationRecord {
  id: number;
  binding: Binding;
  targetId: string | null;
  ServiceURI: string;
  MediaType: string;
  /** The string AddUserAssetIndex returned. */
  result: string;
  at: number;
}

interface ConsoleDb extends DBSchema {
  calls: { key: number; value: CallRecord; indexes: { at: number } };
  registrations: { key: number; value: RegistrationRecord; indexes: { at: number } };
}

export const DB_NAME = 'inode-console';

let dbPromise: Promise<IDBPDatabase<ConsoleDb>> | null = null;

function db(): Promise<IDBPDatabase<ConsoleDb>> {
  dbPromise ??= openDB<ConsoleDb>(DB_NAME, 1, {
    upgrade(database) {
      const calls = database.createObjectStore('calls', { keyPath: 'id', autoIncrement: true });
      calls.createIndex('at', 'at');
      const regs = database.createObjectStore('registrations', {
        keyPath: 'id',
        autoIncrement: true,
      });
      regs.createIndex('at', 'at');
    },
  });
  return dbPromise;
}

/**
 * Drops every secret parameter (per the operation table).
 * @example withoutSecrets('GetAssetStubs', { OpenIDKey: 'k', AssetType: 'a' }) // { AssetType: 'a' }
 */
export function withoutSecrets(
  operation: OperationName,
  params: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const spec of OPERATIONS[operation].parameters) {
    const value = params[spec.name];
    if (!spec.secret && value !== undefined) kept[spec.name] = value;
  }
  return kept;
}

type StoreName = 'calls' | 'registrations';

interface PendingWrites {
  records: Array<{ store: StoreName; record: CallRecord | RegistrationRecord }>;
  done: Promise<void>;
}

let pending: PendingWrites | null = null;

/**
 * Adds a record in the next batch: the records added within one turn of the event loop share one
 * transaction, so a bulk job recording hundreds of calls a second costs a few transactions a
 * second rather than two per row. Resolves once the batch is committed.
 */
function addSoon(store: StoreName, record: CallRecord | RegistrationRecord): Promise<void> {
  if (!pending) {
    const batch: PendingWrites = { records: [], done: Promise.resolve() };
    batch.done = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      if (pending === batch) pending = null;
      const tx = (await db()).transaction(['calls', 'registrations'], 'readwrite');
      for (const { store: name, record: item } of batch.records) {
        // A failed add aborts the transaction; tx.done reports it to every caller of the batch.
        tx.objectStore(name)
          .add(item as never)
          .catch(() => {});
      }
      await tx.done;
    });
    pending = batch;
  }
  pending.records.push({ store, record });
  return pending.done;
}

/** @example await addCall({ operation: 'GetAssetStubs', ... }) */
export async function addCall(call: Omit<CallRecord, 'id'>): Promise<void> {
  const safe = { ...call, params: withoutSecrets(call.operation, call.params) };
  await addSoon('calls', safe as CallRecord);
}

/** Newest first. */
export async function listCalls(): Promise<CallRecord[]> {
  return (await (await db()).getAllFromIndex('calls', 'at')).reverse();
}

export async function deleteCall(id: number): Promise<void> {
  await (await db()).delete('calls', id);
}

export async function clearCalls(): Promise<void> {
  await (await db()).clear('calls');
}

export async function addRegistration(reg: Omit<RegistrationRecord, 'id'>): Promise<void> {
  await addSoon('registrations', reg as RegistrationRecord);
}

/** Newest first. */
export async function listRegistrations(): Promise<RegistrationRecord[]> {
  return (await (await db()).getAllFromIndex('registrations', 'at')).reverse();
}
