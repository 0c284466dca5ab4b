/**
 * The browser's record of calls and registrations, in IndexedDB through `idb`. Entries never
 * hold the OpenIDKey: callers pass parameters through `withoutSecrets` first, and `addCall`
 * strips secret parameters again as a second line of defence.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { OPERATIONS, type Binding, type OperationName } from '../protocol/operations.ts';
import type { Exchange } from '../protocol/types.ts';
import type { OutcomeKind } from '../outcome/outcome-kind.ts';

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
  /**
   * The facts below are absent from entries written before History recorded them: absent means
   * "not recorded", never a value.
   */
  /** The UserID the answer carried (GetAssetStubs); null when the answer had none. */
  userId?: string | null;
  /** Records in DataStubs (GetAssetStubs); null when there were none to count or no count. */
  stubsCount?: number | null;
  /** The string AddUserAssetIndex returned; null when no answer came. */
  result?: string | null;
  /** The OpenIDKey's fingerprint (key-fingerprint.ts), never the key; null when none was made. */
  keyFingerprint?: string | null;
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

/**
 * A call's exchange as History keeps it: redacted before it is written. Keyed by call id.
 *
 * The response's text is kept as a Blob: a put copies a string inside the page's task (about
 * 25 ms per MB, right after every answer), while a Blob is written by the browser off that task.
 * An entry may also hold the string itself (entries written by older versions); both read.
 */
export interface StoredExchange {
  id: number;
  exchange: Exchange | ExchangeWithBodyBlob;
}

type ExchangeWithBodyBlob = Omit<Exchange, 'response'> & {
  response: Omit<Exchange['response'], 'bodyText'> & { bodyBlob: Blob };
};

/** Size bookkeeping kept apart from the bodies, so totals never read 100 MB of them. */
export interface StoredExchangeSize {
  id: number;
  at: number;
  bytes: number;
}

interface ConsoleDb extends DBSchema {
  calls: { key: number; value: CallRecord; indexes: { at: number } };
  registrations: { key: number; value: RegistrationRecord; indexes: { at: number } };
  exchanges: { key: number; value: StoredExchange };
  exchangeSizes: { key: number; value: StoredExchangeSize; indexes: { at: number } };
}

export const DB_NAME = 'inode-console';

let dbPromise: Promise<IDBPDatabase<ConsoleDb>> | null = null;

function db(): Promise<IDBPDatabase<ConsoleDb>> {
  dbPromise ??= openDB<ConsoleDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 2) {
        database.createObjectStore('exchanges', { keyPath: 'id' });
        database.createObjectStore('exchangeSizes', { keyPath: 'id' }).createIndex('at', 'at');
      }
      if (oldVersion >= 1) return;
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

/** A call's response to keep with its History entry, already redacted. */
export interface ExchangeToKeep {
  exchange: Exchange;
  /**
   * The response body as UTF-8, where the page holds it so already (a large answer the redaction
   * left as it was): kept as it is instead of encoded again from `exchange`'s text.
   */
  bodyBlob?: Blob | undefined;
  bytes: number;
  limits: { maxEntryBytes: number; maxTotalBytes: number };
}

interface PendingRecord {
  store: StoreName;
  record: CallRecord | RegistrationRecord;
  kept?: ExchangeToKeep | undefined;
}

interface PendingWrites {
  records: PendingRecord[];
  /** Starts the write now (once); the batch's timer or a `pagehide` calls it. */
  start: () => void;
  /** The key each record got, in the order they were added. */
  done: Promise<number[]>;
}

let pending: PendingWrites | null = null;

/**
 * Adds a record in the next batch: the records added within one turn of the event loop share one
 * transaction, so a bulk job recording hundreds of calls a second costs a few transactions a
 * second rather than two per row. A call's kept response goes in the same transaction as its
 * entry, so History never shows one without the other. Resolves once the batch is committed.
 */
function addSoon(
  store: StoreName,
  record: CallRecord | RegistrationRecord,
  kept?: ExchangeToKeep,
): Promise<number> {
  if (!pending) {
    let begin!: () => void;
    const started = new Promise<void>((resolve) => (begin = resolve));
    const batch: PendingWrites = {
      records: [],
      start: begin,
      done: started.then(() => writeBatch(batch)),
    };
    pending = batch;
    setTimeout(batch.start, 0);
  }
  const position = pending.records.push({ store, record, kept }) - 1;
  return pending.done.then((keys) => keys[position]!);
}

async function writeBatch(batch: PendingWrites): Promise<number[]> {
  if (pending === batch) pending = null;
  const withExchanges = batch.records.some((item) => item.kept);
  const tx = (await db()).transaction(
    withExchanges
      ? ['calls', 'registrations', 'exchanges', 'exchangeSizes']
      : ['calls', 'registrations'],
    'readwrite',
  );
  const keys = batch.records.map(({ store: name, record: item }) =>
    // A failed add aborts the transaction; tx.done reports it to every caller of the batch.
    tx
      .objectStore(name)
      .add(item as never)
      .catch(() => -1),
  );
  const keptIds: number[] = [];
  try {
    for (const [position, { kept }] of batch.records.entries()) {
      if (!kept) continue;
      const id = await keys[position]!;
      if (id >= 0 && (await keepInTransaction(tx as never, id, kept))) keptIds.push(id);
    }
  } catch (error) {
    // A response that cannot be stored (a DataCloneError is thrown, not a failed request) must
    // not leave its entry behind: the whole batch is undone and every caller hears why.
    tx.abort();
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
  for (const id of keptIds) for (const listener of exchangeListeners) listener(id);
  for (const listener of writeListeners) listener();
  return Promise.all(keys);
}

/** A page hidden before the batch's timer fires (a reload, a link away) still writes it. */
if (typeof addEventListener === 'function') {
  addEventListener('pagehide', () => pending?.start());
}

/**
 * @param kept the call's redacted response, to keep within the limits (oldest kept ones are
 *   dropped until the total fits; nothing is kept when this one alone is over the entry limit).
 * @example await addCall({ operation: 'GetAssetStubs', ... })
 */
export async function addCall(
  call: Omit<CallRecord, 'id'>,
  kept?: ExchangeToKeep,
): Promise<number> {
  const safe = { ...call, params: withoutSecrets(call.operation, call.params) };
  return addSoon('calls', safe as CallRecord, kept);
}

type ExchangeTransaction = IDBPTransaction<
  ConsoleDb,
  Array<'calls' | 'registrations' | 'exchanges' | 'exchangeSizes'>,
  'readwrite'
>;

async function keepInTransaction(
  tx: ExchangeTransaction,
  id: number,
  { exchange, bodyBlob, bytes, limits }: ExchangeToKeep,
): Promise<boolean> {
  if (bytes > limits.maxEntryBytes || bytes > limits.maxTotalBytes) return false;
  const sizes = tx.objectStore('exchangeSizes');
  let total = bytes;
  for (const size of await sizes.getAll()) total += size.bytes;
  let cursor = await sizes.index('at').openCursor();
  while (cursor && total > limits.maxTotalBytes) {
    total -= cursor.value.bytes;
    await tx.objectStore('exchanges').delete(cursor.value.id);
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.objectStore('exchanges').put({ id, exchange: withBodyBlob(exchange, bodyBlob) });
  await sizes.put({ id, at: Date.now(), bytes });
  return true;
}

const exchangeListeners = new Set<(id: number) => void>();
const writeListeners = new Set<() => void>();

/**
 * Calls `listener` each time entries were written (a batch committed), for a list shown while
 * calls land: an entry is written just after its answer is shown. @returns the unsubscribe
 * function.
 */
export function onHistoryWritten(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/**
 * Calls `listener` each time an exchange is kept (after the call's entry exists), for lists that
 * offer only calls with a kept response. @returns the unsubscribe function.
 */
export function onExchangeKept(listener: (id: number) => void): () => void {
  exchangeListeners.add(listener);
  return () => exchangeListeners.delete(listener);
}

export async function getExchange(id: number): Promise<Exchange | null> {
  const stored = (await (await db()).get('exchanges', id))?.exchange;
  if (!stored) return null;
  if (!hasBodyBlob(stored)) return stored;
  const { bodyBlob, ...response } = stored.response;
  return { ...stored, response: { ...response, bodyText: await bodyBlob.text() } };
}

function hasBodyBlob(stored: Exchange | ExchangeWithBodyBlob): stored is ExchangeWithBodyBlob {
  return 'bodyBlob' in stored.response;
}

/** @param utf8 the body's text as UTF-8 already, if the page has it so. */
function withBodyBlob(exchange: Exchange, utf8?: Blob): ExchangeWithBodyBlob {
  const { bodyText, ...response } = exchange.response;
  // A decoded body is valid UTF-16 (TextDecoder replaces what it cannot decode), so its UTF-8
  // Blob reads back as the same string. Encoding a megabyte of it took one task of 78 ms of the
  // page (49 ms of CPU) in a traced 1 MB load, beside the answer's render.
  return { ...exchange, response: { ...response, bodyBlob: utf8 ?? new Blob([bodyText]) } };
}

/** Which calls have a kept exchange, and how much they take. */
export async function listExchangeSizes(): Promise<StoredExchangeSize[]> {
  return (await db()).getAll('exchangeSizes');
}

export async function clearExchanges(): Promise<void> {
  const tx = (await db()).transaction(['exchanges', 'exchangeSizes'], 'readwrite');
  await Promise.all([tx.objectStore('exchanges').clear(), tx.objectStore('exchangeSizes').clear()]);
  await tx.done;
}

/** Newest first. */
export async function listCalls(): Promise<CallRecord[]> {
  return (await (await db()).getAllFromIndex('calls', 'at')).reverse();
}

export async function deleteCall(id: number): Promise<void> {
  const tx = (await db()).transaction(['calls', 'exchanges', 'exchangeSizes'], 'readwrite');
  await Promise.all([
    tx.objectStore('calls').delete(id),
    tx.objectStore('exchanges').delete(id),
    tx.objectStore('exchangeSizes').delete(id),
  ]);
  await tx.done;
}

export async function clearCalls(): Promise<void> {
  await (await db()).clear('calls');
  await clearExchanges();
}

export async function addRegistration(reg: Omit<RegistrationRecord, 'id'>): Promise<void> {
  await addSoon('registrations', reg as RegistrationRecord);
}

/** Newest first. */
export async function listRegistrations(): Promise<RegistrationRecord[]> {
  return (await (await db()).getAllFromIndex('registrations', 'at')).reverse();
}
