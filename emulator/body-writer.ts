// How an answer's body goes on the wire: in ~64 KB Buffers, with back-pressure, either whole
// with a Content-Length (every answer up to the stream threshold, as the captured server sends
// all of its answers) or, above it, streamed as it is produced (chunked), so the first bytes of a
// 12 MB GetAssetStubs leave before its last stub is read from the store.
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** About 64 KB per write: few syscalls, and little held at once. */
const BATCH_CHARS = 65_536;

/**
 * Groups markup parts into ~64 KB Buffers, pulling parts only as batches are asked for. Parts
 * are whole strings, so a UTF-8 sequence is never split between two Buffers.
 * @example [...batches(['<a>', '</a>'])].map(String) // ['<a></a>']
 */
export function* batches(parts: Iterable<string>): Generator<Buffer, void, undefined> {
  let pending = '';
  for (const part of parts) {
    pending += part;
    if (pending.length >= BATCH_CHARS) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending !== '') yield Buffer.from(pending, 'utf8');
}

/** The start of a body: whole (rest null) or its first batches and the producer of the rest. */
export interface BodyHead {
  readonly chunks: Buffer[];
  readonly byteLength: number;
  readonly rest: Iterator<Buffer, void, undefined> | null;
}

/**
 * Produces batches until the body ends or holds more than `threshold` bytes, or only the first
 * batch when the body is known to be longer than that (`atLeastBytes`, a lower bound of its
 * length): it will be streamed either way, and its first byte need not wait for the rest.
 * @example readHead(batches(['<a />']), 524_288).rest // null: small, sent with a Content-Length
 * @example readHead(batches(doc.parts()), 524_288, doc.atLeastBytes) // one batch if it is sure to be over
 */
export function readHead(
  source: Iterator<Buffer, void, undefined>,
  threshold: number,
  atLeastBytes = 0,
): BodyHead {
  const chunks: Buffer[] = [];
  let byteLength = 0;
  const knownOver = atLeastBytes > threshold;
  while (byteLength <= threshold) {
    const next = source.next();
    if (next.done) return { chunks, byteLength, rest: null };
    chunks.push(next.value);
    byteLength += next.value.length;
    if (knownOver) break;
  }
  return { chunks, byteLength, rest: source };
}

/** What a streamed answer reports (tests: ordering, aborts and errors without timing). */
export type StreamEvent =
  | { readonly kind: 'batch'; readonly bytes: number }
  | { readonly kind: 'end'; readonly bytes: number }
  | { readonly kind: 'aborted'; readonly bytes: number };
/** Awaited after every batch: a test can hold the producer there. */
export type StreamObserver = (event: StreamEvent) => void | Promise<void>;

/**
 * Waits, as often as asked, until the socket takes more. A client that stops reading for
 * idleTimeoutMs is cut off: it would otherwise hold the answer (and, streamed, a store read) for
 * as long as it likes. One 'drain' and one 'close' listener serve every wait of the answer: a
 * compression middleware hands `res.on('drain')` to its compressor but not `res.off`, so
 * listeners added and removed per wait would pile up on the compressor, each called again on
 * every later drain.
 * @example const drained = drainWaits(res, 30_000); if (!res.write(chunk)) await drained();
 */
function drainWaits(res: ServerResponse, idleTimeoutMs: number): () => Promise<void> {
  let wake: (() => void) | null = null;
  let listening = false;
  const wakeWaiter = (): void => {
    const waiter = wake;
    wake = null;
    waiter?.();
  };
  return () =>
    new Promise<void>((resolve) => {
      // Gone already: neither 'drain' nor 'close' will come.
      if (res.destroyed) {
        resolve();
        return;
      }
      if (!listening) {
        listening = true;
        res.on('drain', wakeWaiter);
        res.on('close', wakeWaiter);
      }
      const timer = setTimeout(() => {
        res.destroy();
        wakeWaiter();
      }, idleTimeoutMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
}

/**
 * Writes a whole body with back-pressure, then ends the answer.
 * @example await writeWhole(res, [Buffer.from('<a />')], 30_000)
 */
export async function writeWhole(
  res: ServerResponse,
  chunks: readonly Buffer[],
  idleTimeoutMs: number,
): Promise<void> {
  const drained = drainWaits(res, idleTimeoutMs);
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drained();
  }
  if (!res.destroyed) res.end();
}

/**
 * Writes the head, then each batch as it is produced, then ends the answer. A client that goes
 * away stops the producer at the next batch (its generator is closed, the store read with it),
 * quietly: that is a normal end, not an error. Between batches the event loop gets a turn even
 * when the socket took everything, so one 40 MB answer does not hold other requests back, and
 * `flush()` (present when a compression middleware wraps the response) pushes each batch out
 * instead of letting the compressor sit on it. An error thrown by the producer propagates: the
 * caller destroys the connection, and the client sees a truncated body.
 * @example await writeStreamed(res, readHead(batches(doc.parts()), 524_288), 30_000, null)
 */
export async function writeStreamed(
  res: ServerResponse & { flush?: () => void },
  head: BodyHead,
  idleTimeoutMs: number,
  observer: StreamObserver | null,
): Promise<void> {
  let bytes = 0;
  const drained = drainWaits(res, idleTimeoutMs);
  const send = async (chunk: Buffer): Promise<void> => {
    const more = res.write(chunk);
    res.flush?.();
    if (more) await nextTurn();
    else await drained();
    bytes += chunk.length;
    await observer?.({ kind: 'batch', bytes });
  };
  let ended = false;
  try {
    for (const chunk of head.chunks) {
      if (res.destroyed) break;
      await send(chunk);
    }
    while (head.rest && !res.destroyed) {
      const next = head.rest.next();
      if (next.done) break;
      await send(next.value);
    }
    if (!res.destroyed) {
      res.end();
      ended = true;
    }
  } finally {
    head.rest?.return?.();
  }
  await observer?.({ kind: ended ? 'end' : 'aborted', bytes });
}
