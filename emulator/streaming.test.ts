// Large answers streamed: the same bytes as written whole on every binding and size, the first
// bytes out before the last stub is read, a client that leaves stops the producer, an error
// after the first byte cuts the connection, compression does not hold the body, and a write
// during a streamed answer neither fails nor leaks into it. Ordering is proved with the
// handler's stream observer (the producer held at a batch), never with timing.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { soapRequest } from '../fixtures/soap-request.ts';
import { send, type Call } from './test-support/raw-call.ts';
import { SEED_STUBS_KEY } from './demo-users.ts';
import { DEFAULT_NAMESPACE } from './options.ts';
import { startEmulator, type RunningEmulator } from './server.ts';
import type { StreamEvent } from './body-writer.ts';
import type { EmulatorStore, StoredIndex } from './store.ts';

type Binding = 'soap11' | 'soap12' | 'http-get' | 'http-post';
const BINDINGS: readonly Binding[] = ['soap11', 'soap12', 'http-get', 'http-post'];

function getAssetStubs(binding: Binding, assetType = '', criteria = ''): Call {
  const form = new URLSearchParams({
    OpenIDKey: SEED_STUBS_KEY,
    AssetType: assetType,
    OtherFilterCriteria: criteria,
  }).toString();
  if (binding === 'http-get')
    return { path: `/Inode.asmx/GetAssetStubs?${form}`, method: 'GET', headers: {} };
  if (binding === 'http-post') {
    return {
      path: '/Inode.asmx/GetAssetStubs',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    };
  }
  const init = soapRequest(
    DEFAULT_NAMESPACE,
    binding === 'soap11' ? '1.1' : '1.2',
    'GetAssetStubs',
    `<OpenIDKey>${SEED_STUBS_KEY}</OpenIDKey><AssetType>${assetType}</AssetType><OtherFilterCriteria>${criteria}</OtherFilterCriteria>`,
  );
  return { path: '/Inode.asmx', method: 'POST', headers: init.headers, body: init.body };
}

/** Counts the rows the model reads from the store and whether its read was closed. */
function watchStore(store: EmulatorStore, failAfterRows = Infinity) {
  const original = store.iterateIndexes.bind(store);
  const seen = { rows: 0, closed: false };
  const spy = vi.spyOn(store, 'iterateIndexes').mockImplementation(function* (
    owner: string,
    until: number,
  ): Generator<StoredIndex> {
    try {
      for (const index of original(owner, until)) {
        if (seen.rows >= failAfterRows) throw new Error('disk gone (test)');
        seen.rows++;
        yield index;
      }
    } finally {
      seen.closed = true;
    }
  });
  return { seen, restore: () => spy.mockRestore() };
}

/**
 * Holds the emulator's producer at each batch until `release()`, which the test calls when the
 * client has its first bytes: what was read from the store by then came before the first byte.
 */
function holdProducer(emulator: RunningEmulator) {
  let resolveHeld = (): void => {};
  const held = new Promise<void>((resolve) => (resolveHeld = resolve));
  let holding = true;
  emulator.handler.setStreamObserver(async () => {
    if (holding) await held;
  });
  return {
    release() {
      holding = false;
      resolveHeld();
    },
    stop: () => emulator.handler.setStreamObserver(null),
  };
}

const STUBS = 3000; // ~1.2 MB indented: above the 512 KiB threshold
let streamed: RunningEmulator;
let buffered: RunningEmulator;
/** Keeps no stub's markup between calls: every answer derived from its rows again. */
let unkept: RunningEmulator;

beforeAll(async () => {
  [streamed, buffered, unkept] = await Promise.all([
    startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS }),
    startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS, streamThresholdBytes: Infinity }),
    startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS, stubMemoMiB: 0 }),
  ]);
});
afterAll(async () => {
  await Promise.all([streamed.close(), buffered.close(), unkept.close()]);
});

describe("the stubs' markup kept between calls", () => {
  it.each(BINDINGS)('gives the bytes of an answer derived again, over %s', async (binding) => {
    for (const [assetType, criteria] of [
      ['', ''],
      ['video', ''],
      ['', 'golden'],
    ] as const) {
      const call = getAssetStubs(binding, assetType, criteria);
      const first = await send(streamed.port, call);
      const again = await send(streamed.port, call);
      const derived = await send(unkept.port, call);
      expect(again.status).toBe(200);
      expect(first.body.equals(derived.body)).toBe(true);
      expect(again.body.equals(derived.body)).toBe(true);
    }
  });
});

describe('a streamed answer is the answer written whole', () => {
  it.each(BINDINGS)('byte for byte over %s, chunked, without a Content-Length', async (binding) => {
    const call = getAssetStubs(binding);
    const [a, b] = await Promise.all([send(streamed.port, call), send(buffered.port, call)]);
    expect(a.status).toBe(200);
    expect(a.body.length).toBeGreaterThan(512 * 1024);
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.headers['transfer-encoding']).toBe('chunked');
    expect(a.headers['content-length']).toBeUndefined();
    expect(b.headers['content-length']).toBe(String(b.body.length));
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(a.headers['cache-control']).toBe(b.headers['cache-control']);
    expect(a.body.toString('utf8').match(/<Stub /g)).toHaveLength(STUBS);
  });

  it.each([
    ['all stubs', '', ''],
    ['a quarter (AssetType)', 'video', ''],
    ['a few (filter)', '', 'golden'],
    ['none', 'hologram', ''],
  ])(
    'at several sizes (%s) on every binding, with a Content-Length up to the threshold',
    async (_label, assetType, criteria) => {
      for (const binding of BINDINGS) {
        const call = getAssetStubs(binding, assetType, criteria);
        const [a, b] = await Promise.all([send(streamed.port, call), send(buffered.port, call)]);
        expect(a.body.equals(b.body)).toBe(true);
        const small = a.body.length <= 512 * 1024;
        expect(a.headers['content-length']).toBe(small ? String(a.body.length) : undefined);
      }
    },
  );

  it('at every threshold, down to streaming a one-stub answer', async () => {
    for (const threshold of [0, 100, 65_536, 200_000]) {
      const tight = await startEmulator({
        port: 0,
        db: ':memory:',
        seedStubs: 700,
        streamThresholdBytes: threshold,
      });
      const whole = await startEmulator({
        port: 0,
        db: ':memory:',
        seedStubs: 700,
        streamThresholdBytes: Infinity,
      });
      try {
        for (const binding of BINDINGS) {
          for (const criteria of ['', '-700.', 'nothing-matches']) {
            const call = getAssetStubs(binding, '', criteria);
            const [a, b] = await Promise.all([send(tight.port, call), send(whole.port, call)]);
            expect(a.body.equals(b.body)).toBe(true);
            if (b.body.length > threshold) expect(a.headers['content-length']).toBeUndefined();
          }
        }
      } finally {
        await Promise.all([tight.close(), whole.close()]);
      }
    }
  });
});

describe('while a large answer is written', () => {
  it('sends its first bytes before the last stub is read from the store', async () => {
    const watch = watchStore(streamed.handler.store);
    let release = (): void => {};
    let heldAt: StreamEvent | null = null;
    const held = new Promise<void>((resolve) => (release = resolve));
    const events: StreamEvent['kind'][] = [];
    streamed.handler.setStreamObserver(async (event) => {
      events.push(event.kind);
      if (heldAt === null) {
        heldAt = event;
        await held; // the producer waits here until the client has its first bytes
      }
    });
    try {
      let atFirstChunk: { rows: number; events: number } | null = null;
      const answer = await send(streamed.port, getAssetStubs('http-get'), {}, () => {
        atFirstChunk = { rows: watch.seen.rows, events: events.length };
        release();
      });
      expect(atFirstChunk).not.toBeNull();
      expect(atFirstChunk!.rows).toBeLessThan(STUBS);
      expect(atFirstChunk!.events).toBe(1);
      expect(events.at(-1)).toBe('end');
      expect(watch.seen.rows).toBe(STUBS);
      expect(answer.body.toString('utf8').match(/<Stub /g)).toHaveLength(STUBS);
    } finally {
      streamed.handler.setStreamObserver(null);
      watch.restore();
    }
  });

  it('sends its first batch before reading up to the threshold when the stub count says it is over, and only then', async () => {
    // 6,000 stubs of at least MIN_STUB_BYTES: known to be over 512 KiB before any is read.
    const many = await startEmulator({ port: 0, db: ':memory:', seedStubs: 6_000 });
    try {
      const rowsAtFirstChunk = async (assetType: string) => {
        const watch = watchStore(many.handler.store);
        const producer = holdProducer(many);
        try {
          let rows = -1;
          const answer = await send(many.port, getAssetStubs('http-get', assetType), {}, () => {
            rows = watch.seen.rows;
            producer.release();
          });
          const stubs = answer.body.toString('utf8').match(/<Stub /g)?.length ?? 0;
          // How many of this answer's stubs fill the threshold, at their mean size.
          const stubsInThreshold = Math.ceil((512 * 1024 * stubs) / answer.body.length);
          return { rows, stubsInThreshold, chunked: answer.headers['transfer-encoding'] };
        } finally {
          producer.stop();
          watch.restore();
        }
      };
      const unfiltered = await rowsAtFirstChunk('');
      expect(unfiltered.chunked).toBe('chunked');
      expect(unfiltered.rows).toBeGreaterThan(0);
      expect(unfiltered.rows).toBeLessThan(unfiltered.stubsInThreshold / 2);
      // Filtered, its length is not known ahead: the threshold's worth is read first, as before.
      const filtered = await rowsAtFirstChunk('video');
      expect(filtered.chunked).toBe('chunked');
      expect(filtered.rows).toBeGreaterThanOrEqual(filtered.stubsInThreshold);
    } finally {
      await many.close();
    }
  });

  it('stops producing when the client goes away, quietly, and answers the next call', async () => {
    const watch = watchStore(streamed.handler.store);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let aborted: (event: StreamEvent) => void = () => {};
    const abortedEvent = new Promise<StreamEvent>((resolve) => (aborted = resolve));
    let clientGone: () => void = () => {};
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    streamed.handler.setStreamObserver(async (event) => {
      if (event.kind === 'aborted') aborted(event);
      else await gone; // hold the producer until the client has left
    });
    try {
      await send(streamed.port, getAssetStubs('soap11'), {}, (res) => {
        res.destroy();
        res.socket.on('close', () => clientGone());
      }).catch(() => undefined);
      const event = await abortedEvent;
      expect(event.bytes).toBeLessThan(1_000_000);
      expect(watch.seen.closed).toBe(true);
      expect(watch.seen.rows).toBeLessThan(STUBS);
      expect(errors).not.toHaveBeenCalled();
      streamed.handler.setStreamObserver(null);
      const next = await send(streamed.port, getAssetStubs('soap12'));
      expect(next.body.toString('utf8').match(/<Stub /g)).toHaveLength(STUBS);
    } finally {
      streamed.handler.setStreamObserver(null);
      errors.mockRestore();
      watch.restore();
    }
  });

  it('cuts the connection when the producer fails after the first byte', async () => {
    const watch = watchStore(streamed.handler.store, 2000);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(send(streamed.port, getAssetStubs('http-post'))).rejects.toThrow();
      expect(errors).toHaveBeenCalledTimes(1);
      expect(watch.seen.closed).toBe(true);
    } finally {
      errors.mockRestore();
      watch.restore();
    }
  });

  it('lets an AddUserAssetIndex through, which the answer being written leaves out', async () => {
    const own = await startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS });
    let first = true;
    own.handler.setStreamObserver(async () => {
      if (!first) return;
      first = false;
      const added = await fetch(
        `${own.url}/AddUserAssetIndex?OpenIDKey=${SEED_STUBS_KEY}&ServiceURI=https%3A%2F%2Fx.example%2Fduring.png&MediaType=image`,
      );
      expect(added.status).toBe(200);
    });
    try {
      const during = await send(own.port, getAssetStubs('http-get'));
      const text = during.body.toString('utf8');
      expect(text.match(/<Stub /g)).toHaveLength(STUBS);
      expect(text).not.toContain('during.png');
      own.handler.setStreamObserver(null);
      const after = await send(own.port, getAssetStubs('http-get'));
      expect(after.body.toString('utf8')).toContain('during.png');
    } finally {
      await own.close();
    }
  });
});

describe('behind a compression middleware', () => {
  it('sends compressed first bytes before the last stub, the same bytes once inflated', async () => {
    const compress = compression();
    const server = http.createServer((req, res) =>
      compress(req as never, res as never, () => buffered.handler(req, res)),
    );
    const streamedServer = http.createServer((req, res) =>
      compress(req as never, res as never, () => streamed.handler(req, res)),
    );
    await Promise.all(
      [server, streamedServer].map(
        (s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve())),
      ),
    );
    const port = (s: http.Server): number => (s.address() as { port: number }).port;
    const watch = watchStore(streamed.handler.store);
    const producer = holdProducer(streamed);
    try {
      let rowsAtFirstChunk = -1;
      const call = getAssetStubs('soap11');
      const gzip = { 'Accept-Encoding': 'gzip' };
      const [a, b] = await Promise.all([
        send(port(streamedServer), call, gzip, () => {
          rowsAtFirstChunk = watch.seen.rows;
          producer.release();
        }),
        send(port(server), call, gzip),
      ]);
      expect(a.headers['content-encoding']).toBe('gzip');
      expect(rowsAtFirstChunk).toBeGreaterThanOrEqual(0);
      expect(rowsAtFirstChunk).toBeLessThan(STUBS);
      expect(gunzipSync(a.body).equals(gunzipSync(b.body))).toBe(true);
    } finally {
      producer.stop();
      watch.restore();
      server.closeAllConnections();
      streamedServer.closeAllConnections();
      server.close();
      streamedServer.close();
    }
  });
});
