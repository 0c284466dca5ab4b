/**
 * A fingerprint of an OpenIDKey that cannot give the key back: HMAC-SHA-256 of the key under a
 * random secret made once per browser. History keeps the fingerprint so Re-run can tell whether
 * the key in the form is the one an entry was made with, without keeping the key.
 *
 * The secret is a non-extractable CryptoKey in its own IndexedDB database: script can sign with
 * it but never read it, it is never sent, and no export (HAR, History) reads that database. A
 * plain hash would not do: keys are short enough to guess and check against a hash, whereas
 * without the secret the HMAC says nothing about the key.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { warnStorageFailure } from './storage-warning.ts';

interface FingerprintDb extends DBSchema {
  secret: { key: string; value: CryptoKey };
}

export const FINGERPRINT_DB_NAME = 'inode-console-key-fingerprint';
const SECRET_ID = 'hmac';

let secretPromise: Promise<CryptoKey | null> | null = null;

async function readOrCreateSecret(): Promise<CryptoKey | null> {
  // Web Crypto exists only in secure contexts (https, localhost): elsewhere there is no
  // fingerprint, and Re-run says the entry's key is unknown.
  if (typeof crypto === 'undefined' || !crypto.subtle || typeof indexedDB === 'undefined') {
    return null;
  }
  const database: IDBPDatabase<FingerprintDb> = await openDB<FingerprintDb>(
    FINGERPRINT_DB_NAME,
    1,
    { upgrade: (db) => void db.createObjectStore('secret') },
  );
  const existing = await database.get('secret', SECRET_ID);
  if (existing) return existing;
  const made = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // Another tab may have made one meanwhile: `add` keeps the first, and every tab reads it back.
  await database.add('secret', made, SECRET_ID).catch(() => undefined);
  return (await database.get('secret', SECRET_ID)) ?? null;
}

function browserSecret(): Promise<CryptoKey | null> {
  secretPromise ??= readOrCreateSecret().catch((error: unknown) => {
    warnStorageFailure('No key fingerprint secret', error);
    secretPromise = null;
    return null;
  });
  return secretPromise;
}

/**
 * The key's fingerprint in this browser (64 hex digits), or null where none can be made (no Web
 * Crypto, IndexedDB refused) or the key is empty.
 * @example await keyFingerprint('demo-alice-key') === await keyFingerprint('demo-alice-key') // true
 */
export async function keyFingerprint(key: string): Promise<string | null> {
  if (key === '') return null;
  const secret = await browserSecret();
  if (!secret) return null;
  const mac = await crypto.subtle.sign('HMAC', secret, new TextEncoder().encode(key));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How the key in the form stands against the one an entry was made with. */
export type KeyMatch = 'same' | 'other' | 'unknown' | 'no-key';

/**
 * @param entryFingerprint the entry's fingerprint; undefined or null when it has none
 * @example await compareKeyWith('demo-bob-key', aliceEntry.keyFingerprint) // 'other'
 */
export async function compareKeyWith(
  formKey: string,
  entryFingerprint: string | null | undefined,
): Promise<KeyMatch> {
  if (formKey === '') return 'no-key';
  if (!entryFingerprint) return 'unknown';
  const current = await keyFingerprint(formKey);
  if (current === null) return 'unknown';
  return current === entryFingerprint ? 'same' : 'other';
}
