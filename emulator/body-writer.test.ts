// The body writer behind a real compression middleware: its waits for the socket must not pile
// listeners onto the compressor, which receives `res.on('drain')` but never `res.off`.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import zlib, { gunzipSync } from 'node:zlib';
import compression from 'compression';
import { describe, expect, it, vi } from 'vitest';
import { readHead, writeStreamed, writeWhole } from './body-writer.ts';
import { send } from './test-support/raw-call.ts';

/** 40 batches of 64 KB that gzip cannot shrink: each write fills the compressor's buffer. */
const BODY = Array.from({ length: 40 }, () => randomBytes(65_536));

type Writer = (res: http.ServerResponse) => Promise<void>;

const WRITERS: Array<[string, Writer]> = [
  ['whole', (res) => writeWhole(res, BODY, 5_000)],
  ['streamed', (res) => writeStreamed(res, readHead(BODY[Symbol.iterator](), 65_536), 5_000, null)],
];

/**
 * Serves one answer through compression(); returns the body as received, the compressors made
 * and how many writes found the compressor full (each one a wait of the writer's).
 */
async function throughCompression(write: Writer) {
  const compressors: zlib.Gzip[] = [];
  let fullWrites = 0;
  const createGzip = zlib.createGzip;
  const spy = vi.spyOn(zlib, 'createGzip').mockImplementation((options) => {
    const gzip = createGzip(options);
    const gzipWrite = gzip.write.bind(gzip) as (chunk: unknown) => boolean;
    gzip.write = ((chunk: unknown) => {
      const more = gzipWrite(chunk);
      if (!more) fullWrites++;
      return more;
    }) as typeof gzip.write;
    compressors.push(gzip);
    return gzip;
  });
  const compress = compression();
  let written: Promise<void> = Promise.resolve();
  const server = http.createServer((req, res) =>
    compress(req as never, res as never, () => {
      // A type compression() compresses, as the emulator's answers are.
      res.setHeader('Content-Type', 'text/xml; charset=utf-8');
      written = write(res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  try {
    const { port } = server.address() as { port: number };
    const received = await send(
      port,
      { path: '/', method: 'GET', headers: {} },
      { 'Accept-Encoding': 'gzip' },
    );
    await written;
    return { received, compressors, fullWrites };
  } finally {
    spy.mockRestore();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('behind a compression middleware', () => {
  it.each(WRITERS)(
    'a %s body waits on the compressor many times with one drain listener on it',
    async (_name, write) => {
      const { received, compressors, fullWrites } = await throughCompression(write);
      expect(received.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(received.body).equals(Buffer.concat(BODY))).toBe(true);
      expect(compressors).toHaveLength(1);
      // Each write overfills the compressor's 16 KB buffer, and the writer waits after each:
      // one listener of the writer's (compression's own listens on the response) may remain.
      expect(fullWrites).toBeGreaterThanOrEqual(BODY.length - 1);
      expect(compressors[0]?.listenerCount('drain')).toBeLessThanOrEqual(1);
    },
  );
});

describe('readHead', () => {
  /** Batches of 10 bytes, counting how many were produced. */
  function tenBatches() {
    let produced = 0;
    function* source(): Generator<Buffer, void, undefined> {
      for (let i = 0; i < 10; i++) {
        produced++;
        yield Buffer.alloc(10, 97 + i);
      }
    }
    return { source: source(), produced: () => produced };
  }

  it('reads a body whole up to the threshold, and past it only as far as the threshold', () => {
    const small = tenBatches();
    expect(readHead(small.source, 100)).toMatchObject({ byteLength: 100, rest: null });
    const large = tenBatches();
    const head = readHead(large.source, 35);
    expect([head.byteLength, large.produced()]).toEqual([40, 4]);
    expect(head.rest).toBe(large.source);
  });

  it('stops at the first batch of a body known to be longer than the threshold', () => {
    const known = tenBatches();
    const head = readHead(known.source, 35, 36);
    expect([head.byteLength, known.produced()]).toEqual([10, 1]);
    expect(head.rest).toBe(known.source);
    const rest = [...(head.rest as Generator<Buffer, void, undefined>)];
    expect(Buffer.concat([...head.chunks, ...rest]).toString()).toBe(
      'aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggghhhhhhhhhhiiiiiiiiiijjjjjjjjjj',
    );
    // A bound at or under the threshold says nothing: the body is read as far as before.
    const unknown = tenBatches();
    expect(readHead(unknown.source, 35, 35).byteLength).toBe(40);
  });
});
