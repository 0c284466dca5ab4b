/**
 * The browser's record of calls and registrations, in IndexedDB through `idb`. Entries never
 * hold the OpenIDKey: callers pass parameters through `withoutSecrets` first, and `addCall`
 * strips secret parameters again as a second line of defence.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OPERATIONS, type Binding, type OperationName } from '../protocol/operations.ts';
import type { OutcomeKind } from './outcome-kind.ts';

/** One binding's column of a parity run, as History keeps it. */
export interface ParityBindingRecord {
  binding: Binding;
  state: 'answered' | 'switched-off' | 'refused' | 'skipped';
  outcome: string | null;
  status: number | null;
  timeMs: number | null;
}

/** A "Call on all bindings" run: one History entry for all of its calls. */
export interface ParityRecord {
  agree: boolean;
  headline: string;
  bindings: ParityBindingRecord[];
}

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
  /** Present when the entry is a parity run; `binding` is then its first binding. */
  parity?: ParityRecord;
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

/** @example await addCall({ operation: 'GetAssetStubs', ... }) */
export async function addCall(call: Omit<CallRecord, 'id'>): Promise<void> {
  const safe = { ...call, params: withoutSecrets(call.operation, call.params) };
  await (await db()).add('calls', safe as CallRecord);
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
  await (await db()).add('registrations', reg as RegistrationRecord);
}

/** Newest first. */
export async function listRegistrations(): Promise<RegistrationRecord[]> {
  return (await (await db()).getAllFromIndex('registrations', 'at')).reverse();
}
