/**
 * A large GetAssetStubs answer's body and DataStubs, held (src/text/held-text.ts) as they were
 * received: the body as the Blob its bytes were gathered into while they arrived, DataStubs as
 * a slice of it where it can be cut from the bytes. Neither is made into one string: the decode
 * reads the body's text from its pieces and locates DataStubs in it (decodeLocated).
 */
import { holdText, type TextOrHeld } from '../text/held-text.ts';
import type { PieceText, TextSource } from '../text/piece-text.ts';
import { utf8Length } from '../text/utf8-length.ts';
import type { TextSpan } from './decode/data-stubs.ts';
import type { HeldBody } from './transport.ts';

/** Where a range of a body's text lies in its bytes: [from, to). */
export interface ByteCut {
  from: number;
  to: number;
}

/** The body's bytes as received in UTF-8, as far as a cut needs them. */
export interface Utf8Bytes {
  /** 3 when they begin with a byte order mark (which the decoder drops from the text), else 0. */
  bomBytes: number;
  byteLength: number;
}

/**
 * Where `text[start, end)` lies in the bytes `text` was decoded from (UTF-8), or null when it
 * cannot be told from the text alone: characters around the range that the decoder replaced
 * (U+FFFD), whose length in the bytes is unknown. Reads only the text around the range.
 *
 * @example utf8Cut('<a>é</a>', 3, 4, { bomBytes: 0, byteLength: 9 }) // { from: 3, to: 5 }
 */
export function utf8Cut(
  text: TextSource,
  start: number,
  end: number,
  bytes: Utf8Bytes,
): ByteCut | null {
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (before.includes('\uFFFD') || after.includes('\uFFFD')) return null;
  const from = bytes.bomBytes + utf8Length(before);
  const to = bytes.byteLength - utf8Length(after);
  // Each UTF-16 unit of the range is 1 to 3 bytes: anything else means the cut is wrong.
  const length = to - from;
  if (length < end - start || length > 3 * (end - start)) return null;
  return { from, to };
}

/**
 * Whether `Blob.text()` gives this very text back: it drops a leading U+FEFF, which a text that
 * begins with one would lose.
 */
function survivesBlob(firstCharacter: string): boolean {
  return firstCharacter !== '\uFEFF';
}

/** The body and DataStubs of a held answer, each held, or at hand where a Blob would alter it. */
export interface HeldAnswer {
  body: TextOrHeld;
  dataStubs: TextOrHeld | null;
}

/**
 * Holds a body received as a HeldBody, with its decoded DataStubs (`dataStubs`: the value, or
 * where it lies in the body's text). A UTF-8 body is held as the bytes received, which
 * `Blob.text()` decodes to the same text, and DataStubs as the slice of them it lies in; a body
 * in another charset, or a payload that is not a substring of the body (escaped text, added
 * namespace declarations) or cannot be cut from the bytes, is held as its text in UTF-8. A text
 * that begins with U+FEFF is kept at hand: `Blob.text()` would drop that character.
 *
 * @example const { body, dataStubs } = holdAnswer(heldBody, 'utf-8', decoded.record.DataStubs);
 */
export function holdAnswer(
  received: HeldBody,
  encoding: string,
  dataStubs: string | TextSpan | null,
): HeldAnswer {
  const { text } = received;
  const utf8 = encoding === 'utf-8';
  const bodyBlob = !survivesBlob(text.slice(0, 1))
    ? null
    : utf8
      ? received.bytes
      : new Blob([text.toString()]);
  const body = bodyBlob ? holdText(bodyBlob, text.length) : text.toString();
  return { body, dataStubs: holdDataStubs(text, received, utf8 ? bodyBlob : null, dataStubs) };
}

function holdDataStubs(
  text: PieceText,
  received: HeldBody,
  utf8Body: Blob | null,
  dataStubs: string | TextSpan | null,
): TextOrHeld | null {
  if (dataStubs === null) return null;
  if (typeof dataStubs !== 'string') {
    const { start, end } = dataStubs;
    const cut =
      utf8Body && survivesBlob(text.slice(start, start + 1))
        ? utf8Cut(text, start, end, {
            bomBytes: received.bomBytes,
            byteLength: received.bytes.size,
          })
        : null;
    if (cut && utf8Body) return holdText(utf8Body.slice(cut.from, cut.to), end - start);
    return holdString(text.slice(start, end));
  }
  return holdString(dataStubs);
}

function holdString(value: string): TextOrHeld {
  return survivesBlob(value.slice(0, 1)) ? holdText(new Blob([value]), value.length) : value;
}
