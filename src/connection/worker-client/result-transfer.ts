/**
 * A GetAssetStubs result crosses from the client worker with its DataStubs payload sent once:
 * in the common case (literal XML) DataStubs is an exact substring of the response body, so the
 * message carries the body and the substring's offsets, and the page slices it back. A slice
 * shares the body's memory in the browser's engine, so the page holds one copy of the payload
 * instead of two, and structured clone copies half as much.
 *
 * A large body does not cross as text at all: the protocol held it (its `holdFrom`), and the
 * body and DataStubs cross as Blobs (src/text/held-text.ts), which cost the page neither heap
 * nor a long task to receive, and are read where a view needs them.
 *
 * For the viewer's worker the payload also travels as UTF-8 bytes, transferred, so the page
 * never serializes it: the bytes of the body as received, cut where the payload lies. Encoding
 * the text again instead took Chromium's TextEncoder 280–410 ms for 12 MB (docs/performance.md,
 * "The payload's bytes are cut from the body's").
 */

import { utf8Cut, type ByteCut } from '../../protocol/held-answer.ts';
import { textDecoderFor, utf8BomBytes } from '../../protocol/transport.ts';
import type { TextOrHeld } from '../../text/held-text.ts';
import { rememberPayloadBytes } from './payload-bytes.ts';

/** The value of a call as posted by the worker. */
export interface PackedResult {
  /** The value, with its body and DataStubs held in Blobs when the body was large. */
  value: unknown;
  /** Where DataStubs lies in `exchange.response.bodyText`, when it was taken out of the value. */
  dataStubsAt?: [start: number, end: number];
  /** DataStubs as UTF-8, transferred with the message, for the viewer's worker. */
  dataStubsUtf8?: Uint8Array;
}

interface StubsLike<Text = string> {
  record: { DataStubs: Text | null };
  exchange: { response: { bodyText: Text; headers?: Record<string, string> } };
}

/** A GetAssetStubs result as the protocol returns it (DataStubs present or not). */
function isStubsLike(value: unknown): value is StubsLike {
  const candidate = value as Partial<StubsLike> | null;
  const dataStubs = candidate?.record?.DataStubs;
  return (
    (typeof dataStubs === 'string' || dataStubs === null) &&
    typeof candidate?.exchange?.response?.bodyText === 'string'
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

/** Where `body[start, end)` lies in `bytes`, the body as received in UTF-8 (see utf8Cut). */
function payloadCut(bytes: Uint8Array, body: string, start: number, end: number): ByteCut | null {
  return utf8Cut(body, start, end, { bomBytes: utf8BomBytes(bytes), byteLength: bytes.byteLength });
}

/**
 * The payload's bytes for the viewer's worker: a view, not a copy, when the body owns its
 * buffer: that buffer is transferred whole (the envelope around the payload is a few hundred
 * bytes), so the payload is not held twice in the worker. A body that is a view into a larger
 * buffer (a pool) is copied: transferring it would take the rest of that buffer along.
 */
function payloadBytes(bytes: Uint8Array, cut: ByteCut): Uint8Array {
  const ownsBuffer =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return ownsBuffer ? bytes.subarray(cut.from, cut.to) : bytes.slice(cut.from, cut.to);
}

/**
 * `bodyBytes`: the body as received (the protocol's `onBodyBytes`), from which the payload's
 * UTF-8 bytes are cut; without them, or when they cannot be cut, the viewer gets the text. A
 * result the protocol held (HoldingCallOptions) crosses as it is: its Blobs cost the message
 * nothing, and the viewer's worker reads a held payload itself.
 * @example
 * const packed = packResult(result, bodyBytes); // in the worker
 * return transfer(packed, transferOf(packed));
 */
export function packResult(
  value: unknown,
  bodyBytes?: Uint8Array,
  /** False when the viewer's worker already has the payload (it read it as it arrived). */
  payloadBytesWanted = true,
): PackedResult {
  if (!isStubsLike(value)) return { value };
  const body = value.exchange.response.bodyText;
  const dataStubs = value.record.DataStubs;
  const start = dataStubs ? substringStart(body, dataStubs) : -1;
  const end = start + (dataStubs?.length ?? 0);
  const contentType = value.exchange.response.headers?.['content-type'];
  const utf8 = textDecoderFor(contentType).encoding === 'utf-8';
  const cut = bodyBytes && utf8 && start !== -1 ? payloadCut(bodyBytes, body, start, end) : null;
  const dataStubsUtf8 =
    bodyBytes && cut && payloadBytesWanted ? payloadBytes(bodyBytes, cut) : undefined;
  if (start === -1) return { value };
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
  const payload = (result as Partial<StubsLike<TextOrHeld>> | null)?.record?.DataStubs;
  if (dataStubsUtf8 && payload) rememberPayloadBytes(payload, dataStubsUtf8);
  return result;
}

function isStubsLikeWithoutPayload(value: unknown): value is StubsLike {
  const candidate = value as Partial<StubsLike> | null;
  return (
    candidate?.record?.DataStubs === null &&
    typeof candidate.exchange?.response?.bodyText === 'string'
  );
}
