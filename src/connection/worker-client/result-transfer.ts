/**
 * A GetAssetStubs result crosses from the client worker with its DataStubs payload sent once:
 * in the common case (literal XML) DataStubs is an exact substring of the response body, so the
 * message carries the body and the substring's offsets, and the page slices it back. A slice
 * shares the body's memory in the browser's engine, so the page holds one copy of a 66 MB
 * payload instead of two, and structured clone copies half as much.
 *
 * For the viewer's worker the payload also travels as UTF-8 bytes, transferred, so the page
 * never serializes it: the bytes of the body as received, cut where the payload lies. Encoding
 * the text again instead took Chromium's TextEncoder 280–410 ms for 12 MB (docs/performance.md,
 * "The payload's bytes are cut from the body's").
 */

import { textDecoderFor } from '../../protocol/transport.ts';
import { utf8Length } from '../../text/utf8-length.ts';
import { rememberPayloadBytes } from './payload-bytes.ts';

/** The value of a call as posted by the worker. */
export interface PackedResult {
  value: unknown;
  /** Where DataStubs lies in `exchange.response.bodyText`, when it was taken out of the value. */
  dataStubsAt?: [start: number, end: number];
  /** DataStubs as UTF-8, transferred with the message, for the viewer's worker. */
  dataStubsUtf8?: Uint8Array;
}

interface StubsLike {
  record: { DataStubs: string | null };
  exchange: { response: { bodyText: string; headers?: Record<string, string> } };
}

function isStubsLike(value: unknown): value is StubsLike {
  const candidate = value as Partial<StubsLike> | null;
  return (
    typeof candidate?.record?.DataStubs === 'string' &&
    typeof candidate.exchange?.response?.bodyText === 'string'
  );
}

/** How many times a prefix of DataStubs is tried as its start before giving up (then it is cloned). */
const MAX_CANDIDATES = 8;
const PROBE_CHARS = 256;

function substringStart(body: string, part: string): number {
  const probe = part.slice(0, PROBE_CHARS);
  let at = body.indexOf(probe);
  for (let tries = 0; at !== -1 && tries < MAX_CANDIDATES; tries++) {
    if (body.startsWith(part, at)) return at;
    at = body.indexOf(probe, at + 1);
  }
  return -1;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * The bytes of `body[start, end)` within `bytes`, the body as received, or null when they cannot
 * be told from the text alone: a charset other than UTF-8, or bytes around the payload that the
 * decoder replaced (U+FFFD), whose length in the bytes is unknown.
 */
function payloadBytes(
  bytes: Uint8Array,
  body: string,
  contentType: string | undefined,
  start: number,
  end: number,
): Uint8Array | null {
  if (textDecoderFor(contentType).encoding !== 'utf-8') return null;
  const before = body.slice(0, start);
  const after = body.slice(end);
  if (before.includes('\uFFFD') || after.includes('\uFFFD')) return null;
  const bom = UTF8_BOM.every((byte, i) => bytes[i] === byte) && !body.startsWith('\uFEFF') ? 3 : 0;
  const from = bom + utf8Length(before);
  const to = bytes.byteLength - utf8Length(after);
  // Each UTF-16 unit of the payload is 1 to 3 bytes: anything else means the cut is wrong.
  const length = to - from;
  if (length < end - start || length > 3 * (end - start)) return null;
  // A view, not a copy, when the body owns its buffer: that buffer is transferred whole (the
  // envelope around the payload is a few hundred bytes), so a 250 MB payload is not held twice in
  // the worker. A body that is a view into a larger buffer (a pool) is copied: transferring
  // it would take the rest of that buffer along.
  const ownsBuffer =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return ownsBuffer ? bytes.subarray(from, to) : bytes.slice(from, to);
}

/**
 * `bodyBytes`: the body as received (the protocol's `onBodyBytes`), from which the payload's
 * UTF-8 bytes are cut; without them, or when they cannot be cut, the viewer gets the text.
 * @example
 * const packed = packResult(result, bodyBytes); // in the worker
 * return transfer(packed, transferOf(packed));
 */
export function packResult(value: unknown, bodyBytes?: Uint8Array): PackedResult {
  if (!isStubsLike(value) || !value.record.DataStubs) return { value };
  const body = value.exchange.response.bodyText;
  const dataStubs = value.record.DataStubs;
  const start = substringStart(body, dataStubs);
  if (start === -1) return { value };
  const end = start + dataStubs.length;
  const contentType = value.exchange.response.headers?.['content-type'];
  const dataStubsUtf8 = bodyBytes && payloadBytes(bodyBytes, body, contentType, start, end);
  return {
    value: { ...value, record: { ...value.record, DataStubs: null } },
    dataStubsAt: [start, end],
    ...(dataStubsUtf8 && { dataStubsUtf8 }),
  };
}

/** The buffers to transfer with a packed result. @example transfer(packed, transferOf(packed)) */
export function transferOf(packed: PackedResult): Transferable[] {
  return packed.dataStubsUtf8 ? [packed.dataStubsUtf8.buffer as ArrayBuffer] : [];
}

/** The value as the protocol client returned it. @example unpackResult(message) */
export function unpackResult(packed: PackedResult): unknown {
  const { value, dataStubsAt, dataStubsUtf8 } = packed;
  let result = value;
  if (dataStubsAt && isStubsLikeWithoutPayload(value)) {
    const DataStubs = value.exchange.response.bodyText.slice(dataStubsAt[0], dataStubsAt[1]);
    result = { ...value, record: { ...value.record, DataStubs } };
  }
  if (dataStubsUtf8 && isStubsLike(result) && result.record.DataStubs)
    rememberPayloadBytes(result.record.DataStubs, dataStubsUtf8);
  return result;
}

function isStubsLikeWithoutPayload(value: unknown): value is StubsLike {
  const candidate = value as Partial<StubsLike> | null;
  return (
    candidate?.record?.DataStubs === null &&
    typeof candidate.exchange?.response?.bodyText === 'string'
  );
}
