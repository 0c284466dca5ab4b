/**
 * Sends one RawRequest with fetch and records the exchange: the full body is read as bytes (so
 * the byte size is exact and a truncated body is a failure, not a short answer), decoded with
 * the declared charset, and timed. Transport-level failures are reported as ExchangeFailure;
 * callers turn them into the public error classes.
 */
import type { Exchange, RawRequest, RawResponse } from './types.ts';

export type FetchLike = typeof globalThis.fetch;

export interface ExchangeOptions {
  fetch: FetchLike;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Sees the body's bytes as they arrive (the whole body is still read and returned). */
  onBodyChunk?: ((chunk: Uint8Array, contentType: string | undefined) => void) | undefined;
}

/** Reads the whole body, showing each chunk to `onChunk` as it arrives. */
async function readBody(
  response: Response,
  onChunk: ExchangeOptions['onBodyChunk'],
): Promise<Uint8Array> {
  if (!onChunk || !response.body) return new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    onChunk(value, contentType);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
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
 * Performs the request; resolves with the exchange for any HTTP status.
 *
 * @example
 * const exchange = await performExchange(request, { fetch, timeoutMs: 30_000 });
 */
export async function performExchange(
  request: RawRequest,
  options: ExchangeOptions,
): Promise<Exchange> {
  const { signal, timeoutMs } = options;
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
    const bytes = await readBody(response, options.onBodyChunk);
    const totalMs = performance.now() - started;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const raw: RawResponse = {
      status: response.status,
      statusText: response.statusText,
      headers,
      bodyText: decodeBody(bytes, headers['content-type']),
      byteLength: bytes.byteLength,
    };
    return { request, response: raw, timings: { startedAt, headersMs, totalMs } };
  } catch (error) {
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
