/**
 * A text kept out of this thread's memory: its UTF-8 bytes in a Blob, which the browser stores
 * outside the JavaScript heap (and may page to disk), read only when something needs the text.
 * The page receives a large answer's body and DataStubs payload this way from the client
 * worker, so that the answer's size does not weigh on the page's heap or its message handling.
 */

export interface HeldText {
  /** The text as UTF-8, without a byte order mark (`Blob.text()` would drop one anyway). */
  readonly held: Blob;
  /** The text's length in UTF-16 code units, as `string.length` would give. */
  readonly length: number;
}

/** A text at hand, or held for reading on demand. */
export type TextOrHeld = string | HeldText;

/** @example isHeld(result.record.DataStubs) */
export function isHeld(text: TextOrHeld | null | undefined): text is HeldText {
  return typeof text === 'object' && text !== null;
}

/** @example holdText(bodyBytesBlob, body.length) */
export function holdText(utf8: Blob, length: number): HeldText {
  return { held: utf8, length };
}

/** The whole text, read from its Blob when held. @example await readText(result.record.DataStubs) */
export async function readText(text: TextOrHeld): Promise<string> {
  return typeof text === 'string' ? text : text.held.text();
}

/** The text's UTF-8 bytes as a Blob of `type`, for a download or the clipboard. */
export function textBlob(text: TextOrHeld, type: string): Blob {
  return typeof text === 'string'
    ? new Blob([text], { type })
    : text.held.slice(0, text.held.size, type);
}

/** The smallest read of a held text's start: a few KB, not a call per cut character. */
const MIN_READ_BYTES = 4096;

/**
 * At most the first `maxChars` characters of the text (fewer when a held text's first
 * `3 × maxChars` bytes hold fewer), read without reading the rest: a character cut by the byte
 * limit is left out rather than replaced. A held text is read in as many bytes as the
 * characters still wanted take at the bytes per character seen so far: one read of `maxChars`
 * bytes for ASCII, rather than decoding three times what is kept.
 * @example await readTextStart(result.exchange.response.bodyText, 1_000_000)
 */
export async function readTextStart(text: TextOrHeld, maxChars: number): Promise<string> {
  if (typeof text === 'string') return stringStart(text, maxChars);
  const end = Math.min(text.held.size, 3 * maxChars);
  // `stream: true` keeps back the bytes of a character a read's cut left incomplete.
  const decoder = new TextDecoder('utf-8');
  let start = '';
  let read = 0;
  while (start.length < maxChars && read < end) {
    const bytesPerChar = start.length > 0 ? read / start.length : 1;
    const wanted = Math.ceil((maxChars - start.length) * bytesPerChar);
    const size = Math.min(end - read, Math.max(MIN_READ_BYTES, wanted));
    start += decoder.decode(await text.held.slice(read, read + size).arrayBuffer(), {
      stream: true,
    });
    read += size;
  }
  return stringStart(start, maxChars);
}

/**
 * At most the first `maxChars` characters of a string, never the first half of a surrogate pair
 * alone: readTextStart of a text at hand.
 * @example stringStart('a😀', 2) // 'a'
 */
export function stringStart(text: string, maxChars: number): string {
  const start = text.slice(0, maxChars);
  const last = start.charCodeAt(start.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? start.slice(0, -1) : start;
}
