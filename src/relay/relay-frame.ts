/**
 * The relay's wire format (shared by the page's transport and the console server): one frame
 * per request, answer, failure or cancellation, sent as a binary WebSocket message of its own or
 * with the others of the same turn in a batch (frame-batch.ts). A frame is a 4-byte big-endian
 * length, that many bytes of JSON (the head), then the body's bytes untouched, so a request or
 * answer travels byte for byte as it would over HTTP (no text re-encoding).
 */

/** The relay's path below the console's base path. */
export const RELAY_PATH = '/__console/relay';

/** Calls one socket may have in flight: the bulk runner's ceiling (MAX_CONCURRENCY). */
export const RELAY_MAX_CALLS_IN_FLIGHT = 64;

/** One HTTP request: what `fetch` would send (path and query on this console's origin). */
export interface RelayRequestHead {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The caller gave up on a call (its signal aborted). */
export interface RelayCancelHead {
  readonly cancel: number;
}

/** The target's answer, as the HTTP route would have given it. */
export interface RelayResponseHead {
  readonly id: number;
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
}

/** No answer: the connection to the target broke, or the call was refused before sending. */
export interface RelayFailureHead {
  readonly id: number;
  readonly error: string;
  /** True when nothing was forwarded (server draining, too many calls): safe to send again. */
  readonly notSent: boolean;
  /** The call itself is malformed (sending it any other way is refused too): the page says so. */
  readonly refused?: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const EMPTY = new Uint8Array(0);

/** @example encodeFrame({ cancel: 3 }) */
export function encodeFrame(head: object, body: Uint8Array = EMPTY): Uint8Array {
  const json = encoder.encode(JSON.stringify(head));
  const frame = new Uint8Array(4 + json.byteLength + body.byteLength);
  new DataView(frame.buffer).setUint32(0, json.byteLength);
  frame.set(json, 4);
  frame.set(body, 4 + json.byteLength);
  return frame;
}

/**
 * The head (parsed JSON, not yet checked) and the body; null when the bytes are not a frame.
 * @example decodeFrame(encodeFrame({ cancel: 3 }))?.head // { cancel: 3 }
 */
export function decodeFrame(frame: Uint8Array): { head: unknown; body: Uint8Array } | null {
  if (frame.byteLength < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (4 + length > frame.byteLength) return null;
  try {
    const head: unknown = JSON.parse(decoder.decode(frame.subarray(4, 4 + length)));
    return { head, body: frame.subarray(4 + length) };
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @example isRequestHead({ id: 1, method: 'POST', url: '/Inode.asmx', headers: {} }) // true */
export function isRequestHead(head: unknown): head is RelayRequestHead {
  return (
    isRecord(head) &&
    Number.isSafeInteger(head.id) &&
    typeof head.method === 'string' &&
    typeof head.url === 'string' &&
    isRecord(head.headers) &&
    Object.values(head.headers).every((value) => typeof value === 'string')
  );
}

/** @example isCancelHead({ cancel: 1 }) // true */
export function isCancelHead(head: unknown): head is RelayCancelHead {
  return isRecord(head) && Number.isSafeInteger(head.cancel);
}

/** @example isResponseHead({ id: 1, status: 200, statusText: 'OK', headers: [] }) // true */
export function isResponseHead(head: unknown): head is RelayResponseHead {
  return (
    isRecord(head) &&
    Number.isSafeInteger(head.id) &&
    typeof head.status === 'number' &&
    typeof head.statusText === 'string' &&
    Array.isArray(head.headers)
  );
}

/** @example isFailureHead({ id: 1, error: 'reset', notSent: false }) // true */
export function isFailureHead(head: unknown): head is RelayFailureHead {
  return isRecord(head) && Number.isSafeInteger(head.id) && typeof head.error === 'string';
}
