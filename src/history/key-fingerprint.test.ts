import * as fakeIndexedDb from 'fake-indexeddb';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';

// Each test's IndexedDB is a new, empty one: a browser of its own.
function newBrowser() {
  Object.assign(globalThis, fakeIndexedDb, { indexedDB: new fakeIndexedDb.IDBFactory() });
  vi.resetModules();
  return import('./key-fingerprint.ts');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}

describe('keyFingerprint', () => {
  it('gives the same key the same fingerprint, and another key another', async () => {
    const { keyFingerprint } = await newBrowser();
    const alice = await keyFingerprint('demo-alice-key');
    expect(alice).toMatch(/^[0-9a-f]{64}$/);
    expect(await keyFingerprint('demo-alice-key')).toBe(alice);
    expect(await keyFingerprint('demo-bob-key')).not.toBe(alice);
    expect(await keyFingerprint('')).toBeNull();
  });

  it('keeps the same secret across page loads of one browser', async () => {
    const { keyFingerprint } = await newBrowser();
    const first = await keyFingerprint('demo-alice-key');
    vi.resetModules();
    const reloaded = await import('./key-fingerprint.ts');
    expect(await reloaded.keyFingerprint('demo-alice-key')).toBe(first);
  });

  it('uses a secret per browser: another browser gives the same key another fingerprint', async () => {
    const one = await (await newBrowser()).keyFingerprint('demo-alice-key');
    const other = await (await newBrowser()).keyFingerprint('demo-alice-key');
    expect(other).not.toBe(one);
  });

  it('cannot give the key back: not the key, not its plain hash, and the secret cannot be read', async () => {
    const { keyFingerprint, FINGERPRINT_DB_NAME } = await newBrowser();
    const fingerprint = await keyFingerprint('demo-alice-key');
    expect(fingerprint).not.toContain('demo-alice-key');
    expect(fingerprint).not.toBe(await sha256Hex('demo-alice-key'));
    const database = await openDB(FINGERPRINT_DB_NAME);
    const stored = await database.getAll('secret');
    database.close();
    expect(stored).toHaveLength(1);
    const secret = stored[0] as CryptoKey;
    expect(secret.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', secret)).rejects.toThrow();
  });

  it('compares the form key with an entry: same, other, unknown for an older entry, no key', async () => {
    const { keyFingerprint, compareKeyWith } = await newBrowser();
    const alice = await keyFingerprint('demo-alice-key');
    expect(await compareKeyWith('demo-alice-key', alice)).toBe('same');
    expect(await compareKeyWith('demo-bob-key', alice)).toBe('other');
    expect(await compareKeyWith('demo-bob-key', undefined)).toBe('unknown');
    expect(await compareKeyWith('', alice)).toBe('no-key');
  });

  it('makes no fingerprint where IndexedDB is missing, rather than one that would not last', async () => {
    const { keyFingerprint } = await newBrowser();
    Object.assign(globalThis, { indexedDB: undefined });
    expect(await keyFingerprint('demo-alice-key')).toBeNull();
  });
});
