/**
 * Sends one RawRequest with fetch and records the exchange: the full body is read as bytes (so
 * the byte size is exact and a truncated body is a failure, not a short answer), decoded with
 * the declared charset, and timed. Transport-level failures are reported as ExchangeFailure, a
 * body above the caller's `maxBodyBytes` as BodyTooLarge; callers turn them into the public error
 * classes.
 */
import type { Exchange, ExchangeTimings, RawRequest, RawResponse } from './types.ts';
import { PieceText } from '../text/piece-text.ts';
import { toError } from '../text/error-message.ts';

export type FetchLike = typeof globalThis.fetch;

export interface ExchangeOptions {
  fetch: FetchLike;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /**
   * The largest body taken as text, in bytes (default: no limit). A larger one is read to its end
   * as a Blob and reported as BodyTooLarge; it never becomes a string.
   */
  maxBodyBytes?: number | undefined;
  /** Gets the whole body's bytes once read, before they are decoded; not for a held body. */
  onBodyBytes?: ((bytes: Uint8Array) => void) | undefined;
  /**
   * Sees the body as text while it arrives, decoded piece by piece in the declared charset:
   * joined, the pieces are exactly the response's `bodyText`. Not called for a body above
   * `maxBodyBytes`. When it returns a promise, the body's next bytes are read once it settles
   * (the exchange still ends at once on an abort or the timeout): the caller paces the reading.
   */
  onBodyText?: ((piece: string) => PromiseLike<unknown> | void) | undefined;
  /**
   * A body of this many bytes or more, read with `onBodyText`, is held (see HeldBody) instead of
   * joined into one array and one string after its last byte.
   */
  holdFrom?: number | undefined;
}

/**
 * A body of `holdFrom` bytes or more, as it was received: its bytes gathered into a Blob while
 * they arrived, its text the pieces they were decoded into. Neither is joined: for a large
 * answer, joining the bytes and then the text (or decoding the bytes whole again) is a copy of
 * each into fresh memory after the last byte.
 */
export interface HeldBody {
  readonly text: PieceText;
  readonly bytes: Blob;
  /** The bytes before the text in `bytes`: 3 for a UTF-8 byte order mark, which the decoder drops. */
  readonly bomBytes: number;
}

/**
 * Chunks gathered into a Blob go into it every MB (BlobGatherer): a Blob's bytes live outside
 * the JS heap (Chromium keeps large ones in the browser process, or on disk), so for a body above
 * the limit the heap holds at most this much of it at a time; and the last part, made after the
 * last byte, copies at most this much then (in a Chromium worker, the end of a 12 MB answer
 * held took 46 ms with 4 MB parts, 14–16 ms with 1 MB parts: `npm run bench --
 * client-end-browser`).
 */
const BLOB_FLUSH_BYTES = 1024 * 1024;

type Body =
  /** `text`: the body already decoded, where it was (null: decode `bytes`). */
  | { kind: 'bytes'; bytes: Uint8Array; text: string | null }
  | { kind: 'held'; body: HeldBody; byteLength: number }
  | { kind: 'too-large'; blob: Blob; byteLength: number };

/**
 * Decodes a body chunk by chunk for `onBodyText`. With `keep` (a body that may be held) it keeps
 * the pieces: they are the body's text, held as they are or joined at the end. Without, they are
 * not kept, and the text is decoded again from the joined bytes at the end, which costs what
 * joining the pieces would, without holding the text twice while the body arrives.
 */
class BodyTextDecoder {
  private readonly decoder: InstanceType<typeof TextDecoder>;
  private kept: string[] = [];

  constructor(
    contentType: string | undefined,
    private readonly onPiece: (piece: string) => PromiseLike<unknown> | void,
    private readonly keep: boolean,
  ) {
    this.decoder = textDecoderFor(contentType);
  }

  /** Decodes the chunk and hands its text on; what `onPiece` returned for it, if anything. */
  push(chunk: Uint8Array): PromiseLike<unknown> | void {
    return this.hand(this.decoder.decode(chunk, { stream: true }));
  }

  /**
   * The last bytes were pushed: what `onPiece` returned for the text they end, if anything. The
   * text's pieces are then `pieces()`.
   */
  finish(): PromiseLike<unknown> | void {
    return this.hand(this.decoder.decode());
  }

  /** The text's pieces, if kept. */
  pieces(): string[] | null {
    return this.keep ? this.kept : null;
  }

  /** The text is not wanted after all (the body is over the limit). */
  drop(): void {
    this.kept = [];
  }

  private hand(piece: string): PromiseLike<unknown> | void {
    if (piece === '') return;
    if (this.keep) this.kept.push(piece);
    return this.onPiece(piece);
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * How many of a body's first bytes are a UTF-8 byte order mark (3 or 0): the decoder drops them,
 * so they lie before the text in the bytes.
 * @example utf8BomBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c])) // 3
 */
export function utf8BomBytes(firstBytes: ArrayLike<number>): number {
  return UTF8_BOM.every((byte, i) => firstBytes[i] === byte) ? UTF8_BOM.length : 0;
}

/** The first bytes of a body, as many as a byte order mark takes, whatever the chunks' sizes. */
class FirstBytes {
  private readonly bytes: number[] = [];

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.byteLength && this.bytes.length < UTF8_BOM.length; i++) {
      this.bytes.push(chunk[i] ?? 0);
    }
  }

  /** 3 when they are a UTF-8 byte order mark, else 0. */
  bomBytes(): number {
    return utf8BomBytes(this.bytes);
  }
}

function declaredLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header);
}

function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * A body's chunks gathered into a Blob, a part of BLOB_FLUSH_BYTES at a time once `from` bytes
 * have come: a Blob copies its bytes when made (about 3.5 ms per MB in Chromium's workers) and
 * a Blob of Blobs does not, so the copy is made while the body arrives, not after its last
 * byte; and a chunk in a part is no longer held by the gatherer.
 */
class BlobGatherer {
  private readonly parts: Blob[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private length = 0;

  constructor(private from = 0) {}

  /** Makes parts from now on, whatever the length: the heap then holds at most one part's worth. */
  partsFromNow(): void {
    this.from = 0;
  }

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    this.length += chunk.byteLength;
    if (this.length >= this.from && this.pendingBytes >= BLOB_FLUSH_BYTES) {
      this.parts.push(new Blob(this.pending as BlobPart[]));
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  finish(type = ''): Blob {
    return new Blob([...this.parts, ...(this.pending as BlobPart[])], { type });
  }
}

/**
 * Reads the whole body, showing its text to `onText` as it arrives. Past `maxBodyBytes` (known
 * from Content-Length, or met while reading) the bytes go into a Blob instead of a growing
 * array, and are not decoded. A body of `holdFrom` bytes or more read as it arrives is held:
 * gathered into a Blob on the way, its text kept in the pieces it was decoded in.
 */
async function readBody(
  response: Response,
  onText: ExchangeOptions['onBodyText'],
  maxBodyBytes: number,
  holdFrom: number,
  signal: AbortSignal,
): Promise<Body> {
  const limited = maxBodyBytes !== Infinity;
  const contentType = response.headers.get('content-type') ?? undefined;
  if ((!onText && !limited) || !response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > maxBodyBytes) {
      const blob = new Blob([bytes as BlobPart], { type: contentType ?? '' });
      return { kind: 'too-large', blob, byteLength: bytes.byteLength };
    }
    if (!onText) return { kind: 'bytes', bytes, text: null };
    // Read whole anyway: decoded once, and handed on as one piece.
    const text = decodeBody(bytes, contentType);
    const pause = text === '' ? undefined : onText(text);
    if (pause) await pauseReading(pause, signal);
    if (bytes.byteLength < holdFrom) return { kind: 'bytes', bytes, text };
    const body = {
      text: new PieceText([text]),
      bytes: new Blob([bytes as BlobPart]),
      bomBytes: utf8BomBytes(bytes),
    };
    return { kind: 'held', body, byteLength: bytes.length };
  }
  const holding = onText !== undefined && holdFrom !== Infinity;
  const text = onText ? new BodyTextDecoder(contentType, onText, holding) : null;
  // Content-Length may already say it is over: then no chunk is ever shown.
  let overLimit = (declaredLength(response) ?? 0) > maxBodyBytes ? new BlobGatherer() : null;
  const gathered = !holding || overLimit ? null : new BlobGatherer(holdFrom);
  const first = new FirstBytes();
  const reader = response.body.getReader();
  let chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (!overLimit && length > maxBodyBytes) {
      // The chunks already on their way into a Blob go on into it, not into a second one.
      overLimit = gathered ?? new BlobGatherer();
      overLimit.partsFromNow();
      if (!gathered) for (const chunk of chunks) overLimit.push(chunk);
      chunks = [];
      text?.drop();
    }
    // Once over the limit the answer will not be shown (its head stops here too), nor kept.
    if (overLimit) {
      overLimit.push(value);
      continue;
    }
    first.push(value);
    gathered?.push(value);
    // A body to be held is in the gatherer's Blob: its bytes are not kept apart as well.
    if (gathered && length >= holdFrom) chunks = [];
    else chunks.push(value);
    const pause = text?.push(value);
    if (pause) await pauseReading(pause, signal);
  }
  if (overLimit) {
    return { kind: 'too-large', blob: overLimit.finish(contentType), byteLength: length };
  }
  const lastPause = text?.finish();
  if (lastPause) await pauseReading(lastPause, signal);
  const pieces = text?.pieces() ?? null;
  if (pieces && gathered && length >= holdFrom) {
    const body = {
      text: new PieceText(pieces),
      bytes: gathered.finish(),
      bomBytes: first.bomBytes(),
    };
    return { kind: 'held', body, byteLength: length };
  }
  return { kind: 'bytes', bytes: joined(chunks, length), text: pieces ? pieces.join('') : null };
}

/**
 * Resolves once `pause` settles, fulfilled or not. An abort meanwhile (the caller's, or the
 * timeout's) fails the read at once: nothing after the pause is read or checked.
 */
function pauseReading(pause: PromiseLike<unknown>, signal: AbortSignal): Promise<void> {
  const settled = Promise.resolve(pause).then(
    () => undefined,
    () => undefined,
  );
  return untilAborted(settled, signal, () => toError(signal.reason));
}

/**
 * `promise`, or a rejection with `abortError()` as soon as `signal` aborts (at once if it
 * already has).
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  abortError: () => Error,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(toError(error));
      },
    );
  });
}

/** Why no complete response arrived. */
export class ExchangeFailure extends Error {
  readonly kind: 'timeout' | 'aborted' | 'network';
  readonly timeoutMs: number;

  constructor(
    kind: 'timeout' | 'aborted' | 'network',
    message: string,
    timeoutMs: number,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = 'ExchangeFailure';
    this.kind = kind;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The whole body arrived but is larger than the caller's `maxBodyBytes`: the response without its
 * text (`bodyText` is '', `bodyOmitted` true) and the bytes as a Blob.
 */
export class BodyTooLarge extends Error {
  readonly exchange: Exchange;
  readonly body: Blob;
  readonly limit: number;

  constructor(exchange: Exchange, body: Blob, limit: number) {
    super(`the answer is ${exchange.response.byteLength} bytes, above the ${limit} taken as text`);
    this.name = 'BodyTooLarge';
    this.exchange = exchange;
    this.body = body;
    this.limit = limit;
  }
}

function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1] ?? 'utf-8';
}

/** A decoder for the declared charset, UTF-8 for unknown labels. */
export function textDecoderFor(contentType: string | undefined): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(charsetOf(contentType));
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Decodes body bytes with the declared charset, falling back to UTF-8 for unknown labels. */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): string {
  return textDecoderFor(contentType).decode(bytes);
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${inner}`;
}

/**
 * Performs the request; resolves with the exchange for any HTTP status. With `holdFrom`, a body
 * that large is a HeldBody.
 *
 * @example
 * const exchange = await performExchange(request, { fetch, timeoutMs: 30_000 });
 */
export async function performExchange(
  request: RawRequest,
  options: ExchangeOptions & { holdFrom?: undefined },
): Promise<Exchange>;
export async function performExchange(
  request: RawRequest,
  options: ExchangeOptions,
): Promise<Exchange<string | HeldBody>>;
export async function performExchange(
  request: RawRequest,
  options: ExchangeOptions,
): Promise<Exchange<string | HeldBody>> {
  const { signal, timeoutMs } = options;
  const maxBodyBytes = options.maxBodyBytes ?? Infinity;
  if (signal?.aborted) {
    throw new ExchangeFailure(
      'aborted',
      'aborted by the caller before sending',
      timeoutMs,
      signal.reason,
    );
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const startedAt = Date.now();
  const started = performance.now();
  try {
    const response = await options.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.body }),
      signal: controller.signal,
    });
    const headersMs = performance.now() - started;
    const body = await readBody(
      response,
      options.onBodyText,
      maxBodyBytes,
      options.holdFrom ?? Infinity,
      controller.signal,
    );
    const timings: ExchangeTimings = {
      startedAt,
      headersMs,
      totalMs: performance.now() - started,
    };
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const head = { status: response.status, statusText: response.statusText, headers };
    if (body.kind === 'too-large') {
      const raw: RawResponse = {
        ...head,
        bodyText: '',
        byteLength: body.byteLength,
        bodyOmitted: true,
      };
      throw new BodyTooLarge({ request, response: raw, timings }, body.blob, maxBodyBytes);
    }
    if (body.kind === 'held') {
      return {
        request,
        response: { ...head, bodyText: body.body, byteLength: body.byteLength },
        timings,
      };
    }
    options.onBodyBytes?.(body.bytes);
    const raw: RawResponse = {
      ...head,
      bodyText: body.text ?? decodeBody(body.bytes, headers['content-type']),
      byteLength: body.bytes.byteLength,
    };
    return { request, response: raw, timings };
  } catch (error) {
    // The whole answer arrived: a timer or abort after it does not change what it was.
    if (error instanceof BodyTooLarge) throw error;
    if (timedOut) {
      throw new ExchangeFailure(
        'timeout',
        `no complete answer within ${timeoutMs} ms`,
        timeoutMs,
        error,
      );
    }
    if (signal?.aborted) {
      throw new ExchangeFailure(
        'aborted',
        'aborted by the caller',
        timeoutMs,
        signal.reason ?? error,
      );
    }
    throw new ExchangeFailure(
      'network',
      `network failure: ${describeCause(error)}`,
      timeoutMs,
      error,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
