/**
 * A `fetch` for the protocol client that sends each request over one WebSocket to the console
 * server's relay (server/relay.ts) instead of as its own HTTP request: the bulk job's transport.
 * The client, its request bytes and its decoding do not change; only how the bytes travel.
 * Where no relay answers (a static host, nginx without the Upgrade headers, a refused upgrade)
 * or once the socket closes, requests go over the plain `fetch` given, so no job is lost.
 */
import {
  RELAY_PATH,
  decodeFrame,
  encodeFrame,
  isFailureHead,
  isResponseHead,
  type RelayRequestHead,
} from './relay-frame.ts';
import { frameSender, messageFrames } from './frame-batch.ts';
import { relayCloseMessage } from './relay-close.ts';
import { errorMessage } from '../text/error-message.ts';
import { queueTask } from '../tasks/next-turn.ts';

/** The browser WebSocket's parts used here (also met by the `ws` package's client in tests). */
export interface RelaySocket {
  binaryType: string;
  readonly readyState: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: RelayCloseEvent) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The close event's parts the page reads (the browser's CloseEvent and `ws` both give them). */
export interface RelayCloseEvent {
  readonly code: number;
  readonly reason: string;
}

export type RelayTransport =
  { readonly kind: 'relay' } | { readonly kind: 'direct'; readonly reason: string };

export interface RelayFetch {
  readonly fetch: typeof globalThis.fetch;
  /** Where requests go now (the relay can close during a job; then they go direct). */
  transport(): RelayTransport;
  close(): void;
}

export interface OpenRelayOptions {
  /** The plain fetch used when the relay is not there. */
  readonly fallback: typeof globalThis.fetch;
  readonly connect?: (url: string) => RelaySocket;
  /** How long to wait for the relay to accept before sending directly. */
  readonly openTimeoutMs?: number;
}

const OPEN = 1;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const encoder = new TextEncoder();

/** Requests over the plain `fetch` given, with the reason no relay carries them. */
export function directFetch(fallback: typeof globalThis.fetch, reason: string): RelayFetch {
  return { fetch: fallback, transport: () => ({ kind: 'direct', reason }), close() {} };
}

/** The relay's ws:/wss: URL for a console served at `serviceBase` (origin + base path). */
export function relayUrl(serviceBase: string): string {
  const url = new URL(`${serviceBase.replace(/\/$/, '')}${RELAY_PATH}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function browserSocket(url: string): RelaySocket {
  const WebSocketClass = (globalThis as { WebSocket?: new (url: string) => RelaySocket }).WebSocket;
  if (!WebSocketClass) throw new Error('this browser has no WebSocket');
  return new WebSocketClass(url);
}

function waitForOpen(socket: RelaySocket, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(`the console server's relay did not answer within ${timeoutMs} ms`);
      socket.close();
    }, timeoutMs);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve(null);
    });
    const refused = (): void => {
      clearTimeout(timer);
      resolve('the console server has no relay here, or refused it');
    };
    socket.addEventListener('error', refused);
    socket.addEventListener('close', refused);
  });
}

/**
 * What the URL parser might rewrite (such a URL is parsed): non-printable or non-ASCII text, a
 * fragment, `\`, `.` and `..` segments (also as `%2e`), an empty query.
 */
const NEEDS_URL_PARSING = /[^\x21-\x7e]|[#\\]|%2e|\/\.\.?(?:[/?]|$)|\?$/i;

/**
 * The path and query of a request to the console that serves the relay at `relayUrl`, or null for
 * another host (sent directly). The protocol client's absolute URL on the console is matched as
 * a string: a bulk job makes thousands of these calls a second on the page's thread, and parsing
 * two URLs per call was a measurable part of its work (docs/bulk.md, Figures).
 */
export function consolePath(relayUrl: string): (input: string | URL) => string | null {
  const relay = new URL(relayUrl);
  const consoleOrigin = `${relay.protocol === 'wss:' ? 'https:' : 'http:'}//${relay.host}`;
  return (input) => {
    const text = String(input);
    if (text.startsWith(`${consoleOrigin}/`) && !NEEDS_URL_PARSING.test(text)) {
      return text.slice(consoleOrigin.length);
    }
    const target = new URL(text, relayUrl);
    return target.host === relay.host ? `${target.pathname}${target.search}` : null;
  };
}

/**
 * Request headers as the relay carries them: lower-case names, repeated names joined as `Headers`
 * joins them. The protocol client passes a plain record, copied without building a `Headers`.
 */
function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined || headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers).forEach((value, name) => {
      record[name] = value;
    });
    return record;
  }
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const trimmed = String(value).trim();
    record[key] = key in record ? `${record[key]}, ${trimmed}` : trimmed;
  }
  return record;
}

/** The body as bytes, or null for a body type the relay does not carry (sent directly). */
function bodyBytes(body: RequestInit['body']): Uint8Array | null {
  if (body === undefined || body === null) return new Uint8Array(0);
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof URLSearchParams) return encoder.encode(body.toString());
  if (body instanceof Uint8Array) return body;
  return null;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The call was aborted', 'AbortError');
}

interface Pending {
  resolve(response: Response | Promise<Response>): void;
  reject(error: unknown): void;
  retryDirect(): Promise<Response>;
}

/**
 * @example
 * const relay = await openRelay(relayUrl(serviceBaseUrl()), { fallback: fetch });
 * createInodeClient({ baseUrl, binding, fetch: relay.fetch });
 */
export async function openRelay(url: string, options: OpenRelayOptions): Promise<RelayFetch> {
  const { fallback } = options;
  let socket: RelaySocket;
  try {
    socket = (options.connect ?? browserSocket)(url);
  } catch (error) {
    return directFetch(fallback, errorMessage(error));
  }
  socket.binaryType = 'arraybuffer';
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closedReason: string | null = null;

  const answer = (frameBytes: Uint8Array): void => {
    const frame = decodeFrame(frameBytes);
    if (frame === null) return;
    const head = frame.head;
    if (isResponseHead(head)) {
      const call = pending.get(head.id);
      if (!call) return;
      pending.delete(head.id);
      try {
        call.resolve(
          new Response(
            NULL_BODY_STATUSES.has(head.status) ? null : (frame.body as Uint8Array<ArrayBuffer>),
            {
              status: head.status,
              statusText: head.statusText,
              headers: head.headers.map(([name, value]): [string, string] => [name, value]),
            },
          ),
        );
      } catch (error) {
        call.reject(new TypeError(`The relay's answer could not be read: ${String(error)}`));
      }
    } else if (isFailureHead(head)) {
      const call = pending.get(head.id);
      if (!call) return;
      pending.delete(head.id);
      if (head.refused === true)
        call.reject(new TypeError(`The console server refused the call: ${head.error}`));
      // Nothing was forwarded: the request can safely go the direct way instead.
      else if (head.notSent) call.resolve(call.retryDirect());
      else call.reject(new TypeError(`The console server lost the call: ${head.error}`));
    }
  };
  socket.addEventListener('message', (event) => {
    const data = event.data;
    const frames = data instanceof ArrayBuffer ? messageFrames(new Uint8Array(data)) : null;
    for (const frame of frames ?? []) answer(frame);
  });

  const openFailure = await waitForOpen(socket, options.openTimeoutMs ?? 3_000);
  if (openFailure !== null) return directFetch(fallback, openFailure);
  // The requests of one task leave in one message (frame-batch.ts).
  const sender = frameSender((message) => {
    if (socket.readyState === OPEN) socket.send(message);
  }, queueTask);
  socket.addEventListener('close', (event) => {
    sender.discard();
    closedReason = relayCloseMessage(event.code, event.reason);
    for (const call of pending.values()) call.reject(new TypeError(closedReason));
    pending.clear();
  });

  const pathOnConsole = consolePath(url);
  const relayFetch: typeof globalThis.fetch = (input, init) => {
    const path = input instanceof Request ? null : pathOnConsole(input);
    const body = bodyBytes(init?.body);
    if (closedReason !== null || socket.readyState !== OPEN || path === null || body === null) {
      return fallback(input, init);
    }
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const id = nextId++;
    const head: RelayRequestHead = {
      id,
      method: (init?.method ?? 'GET').toUpperCase(),
      url: path,
      headers: headerRecord(init?.headers),
    };
    return new Promise<Response>((resolve, reject) => {
      const onAbort = (): void => {
        if (!pending.delete(id)) return;
        if (socket.readyState === OPEN) sender.send(encodeFrame({ cancel: id }));
        reject(abortError(signal as AbortSignal));
      };
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      pending.set(id, {
        resolve: (response) => {
          done();
          resolve(response);
        },
        reject: (error) => {
          done();
          reject(error);
        },
        retryDirect: () => fallback(input, init),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      sender.send(encodeFrame(head, body));
    });
  };

  return {
    fetch: relayFetch,
    transport: () =>
      closedReason === null ? { kind: 'relay' } : { kind: 'direct', reason: closedReason },
    close() {
      sender.flush();
      socket.close(1000, 'done');
    },
  };
}
