import * as fakeIndexedDb from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import type { Exchange } from '../protocol/types.ts';
import type { StoredExchange } from './history-db.ts';

// The IndexedDB globals a browser has (`fake-indexeddb/auto` would set them too, but has no type
// declarations, which TypeScript 6 requires of a side-effect import on a clean build).
Object.assign(globalThis, fakeIndexedDb);
// The module listens for `pagehide` on the page; Node has no page, so give it one to listen on.
const page = new EventTarget();
Object.assign(globalThis, { addEventListener: page.addEventListener.bind(page) });
const history = await import('./history-db.ts');

const ROOMY = { maxEntryBytes: 1_000_000, maxTotalBytes: 1_000_000 };

function call(at: number) {
  return {
    operation: 'AddUserAssetIndex' as const,
    binding: 'soap11' as const,
    targetId: null,
    params: { OpenIDKey: 'secret-key', ServiceURI: `http://svc/${at}`, MediaType: 'image' },
    outcome: 'success' as const,
    summary: `call ${at}`,
    durationMs: 3,
    at,
  };
}

function exchange(body: string): Exchange {
  return {
    request: { method: 'POST', url: '/Inode.asmx', headers: {}, body },
    response: { status: 200, statusText: 'OK', headers: {}, bodyText: `<r>${body}</r>` },
  } as unknown as Exchange;
}

describe('History writes', () => {
  it('writes a call and its kept response in one go, without the key', async () => {
    const kept: number[] = [];
    const stop = history.onExchangeKept((id) => kept.push(id));
    const id = await history.addCall(call(1), {
      exchange: exchange('one'),
      bytes: 10,
      limits: ROOMY,
    });
    stop();
    const stored = (await history.listCalls()).find((entry) => entry.id === id);
    expect(stored?.params).toEqual({ ServiceURI: 'http://svc/1', MediaType: 'image' });
    expect((await history.getExchange(id))?.response.bodyText).toBe('<r>one</r>');
    expect(kept).toEqual([id]);
  });

  it('tells its listeners once per committed batch, until they stop listening', async () => {
    let written = 0;
    const stop = history.onHistoryWritten(() => (written += 1));
    // Three calls in one turn: one batch, one transaction.
    await Promise.all([5, 6, 7].map((n) => history.addCall(call(n))));
    expect(written).toBe(1);
    await history.addCall(call(8));
    expect(written).toBe(2);
    stop();
    await history.addCall(call(9));
    expect(written).toBe(2);
  });

  it('gives calls added in one turn their own keys and their own responses', async () => {
    const ids = await Promise.all(
      [2, 3, 4].map((n) =>
        history.addCall(call(n), { exchange: exchange(`n${n}`), bytes: 10, limits: ROOMY }),
      ),
    );
    expect(new Set(ids).size).toBe(3);
    for (const [i, id] of ids.entries()) {
      expect((await history.getExchange(id))?.request.body).toBe(`n${i + 2}`);
    }
  });

  it('stores the response text as a Blob and reads back the same text, and reads older entries', async () => {
    const body = 'Ünïcödé 𝄞 & <tags>';
    const id = await history.addCall(call(20), {
      exchange: exchange(body),
      bytes: 40,
      limits: ROOMY,
    });
    const raw = await openDB(history.DB_NAME);
    const stored = (await raw.get('exchanges', id)) as StoredExchange;
    expect(stored.exchange.response).not.toHaveProperty('bodyText');
    expect((stored.exchange.response as { bodyBlob: unknown }).bodyBlob).toBeInstanceOf(Blob);
    expect((await history.getExchange(id))?.response.bodyText).toBe(`<r>${body}</r>`);

    // An entry written before the Blob, with the text itself.
    await raw.put('exchanges', { id: 999_999, exchange: exchange('older') });
    raw.close();
    expect((await history.getExchange(999_999))?.response.bodyText).toBe('<r>older</r>');
  });

  it('keeps the entry but not a response over the entry limit, and drops the oldest to fit', async () => {
    await history.clearExchanges();
    const tight = { maxEntryBytes: 100, maxTotalBytes: 250 };
    const big = await history.addCall(call(5), {
      exchange: exchange('big'),
      bytes: 101,
      limits: tight,
    });
    expect((await history.listCalls()).some((entry) => entry.id === big)).toBe(true);
    expect(await history.getExchange(big)).toBeNull();
    const first = await history.addCall(call(6), {
      exchange: exchange('a'),
      bytes: 100,
      limits: tight,
    });
    const second = await history.addCall(call(7), {
      exchange: exchange('b'),
      bytes: 100,
      limits: tight,
    });
    const third = await history.addCall(call(8), {
      exchange: exchange('c'),
      bytes: 100,
      limits: tight,
    });
    expect(await history.getExchange(first)).toBeNull();
    expect(await history.getExchange(second)).not.toBeNull();
    expect(await history.getExchange(third)).not.toBeNull();
  });

  it('writes neither the entry nor its response when the response cannot be stored', async () => {
    const before = (await history.listCalls()).length;
    const unstorable = exchange('x');
    Object.assign(unstorable.response, { notCloneable: () => undefined });
    await expect(
      history.addCall(call(9), { exchange: unstorable, bytes: 10, limits: ROOMY }),
    ).rejects.toBeDefined();
    expect((await history.listCalls()).length).toBe(before);
  });

  it('writes a pending batch when the page is hidden before its timer fires', async () => {
    const realSetTimeout = globalThis.setTimeout;
    // Swallow the batch's timer: only `pagehide` can start the write now.
    globalThis.setTimeout = (() => 0) as unknown as typeof setTimeout;
    const written = history.addCall(call(10));
    globalThis.setTimeout = realSetTimeout;
    page.dispatchEvent(new Event('pagehide'));
    const outcome = await Promise.race([
      written,
      new Promise<'not written'>((resolve) => setTimeout(() => resolve('not written'), 2_000)),
    ]);
    expect(typeof outcome).toBe('number');
    expect((await history.listCalls()).some((entry) => entry.id === outcome)).toBe(true);
  });
});

describe('History entries: who, where and how much', () => {
  it('reads back target, UserID, stubs and the key fingerprint, and older entries without them', async () => {
    const id = await history.addCall({
      ...call(30),
      operation: 'GetAssetStubs',
      targetId: 'staging',
      params: { OpenIDKey: 'secret-key', AssetType: 'image', OtherFilterCriteria: '' },
      userId: 'user-0123456789ab',
      stubsCount: 3,
      keyFingerprint: 'f'.repeat(64),
    });
    const raw = await openDB(history.DB_NAME);
    // An entry written before these facts were recorded.
    const olderId = (await raw.add('calls', {
      ...call(31),
      params: { ServiceURI: 'http://svc/31', MediaType: 'image' },
    })) as number;
    raw.close();
    const calls = await history.listCalls();
    const entry = calls.find((c) => c.id === id);
    expect(entry).toMatchObject({
      targetId: 'staging',
      userId: 'user-0123456789ab',
      stubsCount: 3,
      keyFingerprint: 'f'.repeat(64),
      params: { AssetType: 'image', OtherFilterCriteria: '' },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-key');
    const older = calls.find((c) => c.id === olderId);
    expect(older).toBeDefined();
    for (const fact of ['userId', 'stubsCount', 'result', 'keyFingerprint'])
      expect(older).not.toHaveProperty(fact);
  });
});
