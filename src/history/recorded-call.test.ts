import * as fakeIndexedDb from 'fake-indexeddb';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../protocol/types.ts';
import { ResponseTooLargeError } from '../protocol/errors.ts';
import { holdText } from '../text/held-text.ts';

Object.assign(globalThis, fakeIndexedDb);
const page = new EventTarget();
Object.assign(globalThis, { addEventListener: page.addEventListener.bind(page) });
const { recordedCall } = await import('./recorded-call.ts');
const history = await import('./history-db.ts');
const { keyFingerprint, FINGERPRINT_DB_NAME } = await import('./key-fingerprint.ts');

const KEY = 'demo-alice-key';

function exchange(): Exchange {
  return {
    request: { method: 'POST', url: '/Inode.asmx', headers: {}, body: `<k>${KEY}</k>` },
    response: { status: 200, statusText: 'OK', headers: {}, bodyText: `<r>echo ${KEY}</r>` },
    timings: { startedAt: 0, headersMs: 1, totalMs: 2 },
  } as unknown as Exchange;
}

/** Resolves once the entry written after `before` entries is there (History writes in the background). */
async function entryAfter(before: number) {
  for (let i = 0; i < 200; i++) {
    const calls = await history.listCalls();
    if (calls.length > before) return calls[0]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no History entry was written');
}

/** The exchange kept with entry `id`, once History has written it (after the entry itself). */
async function keptExchange(id: number) {
  for (let i = 0; i < 200 && !(await history.getExchange(id)); i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return history.getExchange(id);
}

/**
 * Records a successful GetAssetStubs whose body the page holds as `bytes` (a large answer), and
 * gives its History entry and the exchange kept with it.
 */
async function recordHeldAnswer(bytes: Blob, length: number) {
  const before = (await history.listCalls()).length;
  const plain = exchange();
  const held = { ...plain, response: { ...plain.response, bodyText: holdText(bytes, length) } };
  await recordedCall({
    operation: 'GetAssetStubs',
    binding: 'soap11',
    targetId: 'emulator',
    params: { AssetType: '', OtherFilterCriteria: '' },
    secrets: [KEY],
    describe: () => ({ kind: 'success', title: 'Success', message: '', facts: [], detail: null }),
    run: async () => ({ exchange: held }),
  });
  const entry = await entryAfter(before);
  return { entry, kept: await keptExchange(entry.id) };
}

async function everythingStored(): Promise<string> {
  const db = await openDB(history.DB_NAME);
  const stores = await Promise.all(
    ['calls', 'registrations', 'exchanges'].map((name) => db.getAll(name)),
  );
  db.close();
  const withBodies = await Promise.all(
    stores.flat().map(async (item: { exchange?: { response: { bodyBlob?: Blob } } }) => ({
      item,
      body: await item.exchange?.response.bodyBlob?.text(),
    })),
  );
  return JSON.stringify(withBodies);
}

describe('recordedCall', () => {
  it('writes the answer’s UserID and stubs and the key’s fingerprint, never the key', async () => {
    const before = (await history.listCalls()).length;
    await recordedCall({
      operation: 'GetAssetStubs',
      binding: 'soap11',
      targetId: 'emulator',
      params: { AssetType: 'image', OtherFilterCriteria: '' },
      secrets: [KEY],
      describe: () => ({ kind: 'success', title: 'Success', message: '', facts: [], detail: null }),
      answer: () => ({ userId: 'user-0123456789ab', stubsCount: 2 }),
      run: async () => ({ exchange: exchange() }),
    });
    const entry = await entryAfter(before);
    expect(entry).toMatchObject({
      targetId: 'emulator',
      userId: 'user-0123456789ab',
      stubsCount: 2,
      keyFingerprint: await keyFingerprint(KEY),
    });
    expect(await everythingStored()).not.toContain(KEY);
    // The fingerprint's secret lives apart from History, so no History export can reach it.
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain(FINGERPRINT_DB_NAME);
  });

  it('records a failed call’s facts as missing, and a returned string redacted', async () => {
    let before = (await history.listCalls()).length;
    await expect(
      recordedCall({
        operation: 'GetAssetStubs',
        binding: 'soap11',
        targetId: null,
        params: {},
        secrets: [KEY],
        describe: () => {
          throw new Error('not reached');
        },
        run: () => Promise.reject(new Error('socket hang up')),
      }),
    ).rejects.toBeDefined();
    expect(await entryAfter(before)).toMatchObject({ userId: null, stubsCount: null });

    before = (await history.listCalls()).length;
    await recordedCall({
      operation: 'AddUserAssetIndex',
      binding: 'soap11',
      targetId: null,
      params: { ServiceURI: 'http://x/', MediaType: 'image' },
      secrets: [KEY],
      describe: () => ({
        kind: 'business-failure',
        title: 'No',
        message: '',
        facts: [],
        detail: null,
      }),
      answer: (value: string) => ({ result: value }),
      run: async () => `ERROR: ${KEY} is not recognised`,
    });
    const entry = await entryAfter(before);
    expect(entry.result).toMatch(/^ERROR: .+ is not recognised$/);
    expect(entry.result).not.toContain(KEY);
  });

  it('records an answer above the size ceiling as failed, with the message and no body', async () => {
    const before = (await history.listCalls()).length;
    const ex = exchange();
    const error = new ResponseTooLargeError(
      {
        operation: 'GetAssetStubs',
        binding: 'soap11',
        url: '/Inode.asmx',
        secrets: [KEY],
        exchange: {
          ...ex,
          response: { ...ex.response, bodyText: '', byteLength: 4096, bodyOmitted: true },
        },
      },
      { body: new Blob([`<r>echo ${KEY}</r>`]), limit: 1024 },
    );
    await expect(
      recordedCall({
        operation: 'GetAssetStubs',
        binding: 'soap11',
        targetId: 'emulator',
        params: { AssetType: '', OtherFilterCriteria: '' },
        secrets: [KEY],
        describe: () => {
          throw new Error('not reached');
        },
        run: () => Promise.reject(error),
      }),
    ).rejects.toBe(error);
    const entry = await entryAfter(before);
    expect(entry).toMatchObject({ outcome: 'too-large', userId: null, stubsCount: null });
    expect(entry.summary).toMatch(/^The answer is too large to open here · Size: 4,096 bytes/);
    expect((await keptExchange(entry.id))?.response).toMatchObject({
      bodyText: '',
      byteLength: 4096,
      bodyOmitted: true,
    });
    expect(await everythingStored()).not.toContain(KEY);
  });

  it('keeps a held body (a large answer on the page) read back and redacted', async () => {
    const text = `<r>echo ${KEY} é</r>`;
    const { kept } = await recordHeldAnswer(new Blob([text]), text.length);
    expect(kept?.response.bodyText).toBe('<r>echo •••••• é</r>');
    expect(await everythingStored()).not.toContain(KEY);
  });

  it('keeps a held body that holds no key as the Blob it is held in, byte order mark and all', async () => {
    const text = '<r>no key here é</r>';
    // The bytes as received: a UTF-8 byte order mark, which Blob.text() drops, then the text.
    const bytes = new Blob(['\uFEFF', text]);
    const { entry, kept: stored } = await recordHeldAnswer(bytes, text.length);
    expect(stored?.response.bodyText).toBe(text);
    // Its size counts the held bytes (the mark's three among them), not the text encoded again.
    const requestBytes = new Blob([exchange().request.body.replace(KEY, '••••••')]).size;
    const kept = (await history.listExchangeSizes()).find((size) => size.id === entry.id);
    expect(kept?.bytes).toBe(requestBytes + bytes.size);
    expect(bytes.size).toBe(new Blob([text]).size + 3);
  });
});
