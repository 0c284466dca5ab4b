/**
 * A GetAssetStubs result crosses from the client worker with its DataStubs payload sent once:
 * in the common case (literal XML) DataStubs is an exact substring of the response body, so the
 * message carries the body and the substring's offsets, and the page slices it back. A slice
 * shares the body's memory in the browser's engine, so the page holds one copy of a 66 MB
 * payload instead of two, and structured clone copies half as much.
 */

/** The value of a call as posted by the worker. */
export interface PackedResult {
  value: unknown;
  /** Where DataStubs lies in `exchange.response.bodyText`, when it was taken out of the value. */
  dataStubsAt?: [start: number, end: number];
}

interface StubsLike {
  record: { DataStubs: string | null };
  exchange: { response: { bodyText: string } };
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

/** @example postMessage(packResult(result)) // in the worker */
export function packResult(value: unknown): PackedResult {
  if (!isStubsLike(value) || !value.record.DataStubs) return { value };
  const body = value.exchange.response.bodyText;
  const dataStubs = value.record.DataStubs;
  const start = substringStart(body, dataStubs);
  if (start === -1) return { value };
  return {
    value: { ...value, record: { ...value.record, DataStubs: null } },
    dataStubsAt: [start, start + dataStubs.length],
  };
}

/** The value as the protocol client returned it. @example unpackResult(message) */
export function unpackResult(packed: PackedResult): unknown {
  const { value, dataStubsAt } = packed;
  if (!dataStubsAt || !isStubsLikeWithoutPayload(value)) return value;
  const DataStubs = value.exchange.response.bodyText.slice(dataStubsAt[0], dataStubsAt[1]);
  return { ...value, record: { ...value.record, DataStubs } };
}

function isStubsLikeWithoutPayload(value: unknown): value is StubsLike {
  const candidate = value as Partial<StubsLike> | null;
  return (
    candidate?.record?.DataStubs === null &&
    typeof candidate.exchange?.response?.bodyText === 'string'
  );
}
