import type { TextOrHeld } from '../../text/held-text.ts';

/**
 * The UTF-8 bytes of the last DataStubs payload the client worker decoded, moved (not copied) to
 * the page with the result, so the page can pass them on to the viewer's worker by transfer
 * instead of serializing a string of up to 66 MB on its main thread. One slot: a new result
 * replaces the bytes of the previous one; once transferred, the buffer is detached (0 bytes) and
 * the viewer falls back to the text.
 */
let last: { text: TextOrHeld; bytes: Uint8Array } | null = null;

/** Called by the client when a result arrives. */
export function rememberPayloadBytes(text: TextOrHeld, bytes: Uint8Array): void {
  last = { text, bytes };
}

/**
 * The bytes of `text` if they are the last payload's and not yet handed on.
 *
 * A held payload is known by its identity: the object the result arrived with.
 * @example <DataStubsViewer xml={xml} xmlUtf8={payloadBytesFor(xml)} />
 */
export function payloadBytesFor(text: TextOrHeld | null): Uint8Array | undefined {
  if (text === null || !last || last.bytes.byteLength === 0 || last.text !== text) return undefined;
  return last.bytes;
}
