/**
 * The one decoder of XML references (the five predefined entities and character references;
 * without a DTD no other entity can exist). The XML engine (`src/xml/`) uses it as it is; the
 * protocol (`src/protocol/decode/xml-text.ts`) passes a strict policy that refuses unknown
 * references and reports characters XML cannot carry. It lives on the bottom floor so that both
 * may import it. The emulator keeps its own reader on purpose (see `emulator/xml-reader.ts`).
 */

/** Why a `&name;` is not decoded: not one of the five, a malformed `&#…;`, or one past U+10FFFF. */
export type ReferenceProblem = 'undeclared' | 'malformed' | 'outside-unicode';

/** What a caller does with references the decoder cannot decode on its own terms. */
export interface ReferencePolicy {
  /** The text to put in place of `reference` (the whole `&…;`); may throw instead. */
  unknown(reference: string, problem: ReferenceProblem): string;
  /** The text for a character reference within Unicode (may be a surrogate or a non-XML char). */
  character(reference: string, codePoint: number): string;
}

/** Keeps anything it cannot decode as written, so that nothing the service sent disappears. */
export const KEEP_UNKNOWN: ReferencePolicy = {
  unknown: (reference) => reference,
  character: (_reference, codePoint) => String.fromCodePoint(codePoint),
};

const PREDEFINED = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** A reference: `&`, a body without `;`, `&`, whitespace or `<`, then `;`. */
const REFERENCE = /&([^;&\s<]*);/g;
const HEX_DIGITS = /^[0-9a-fA-F]+$/;
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * The code point of a character reference body (`#x1F600`, `#65`), or why it is not one
 * (`undeclared` when the body does not start with `#`).
 *
 * @example characterReferenceCodePoint('#x41') // 65
 */
export function characterReferenceCodePoint(body: string): number | ReferenceProblem {
  if (body.charCodeAt(0) !== 35 /* # */) return 'undeclared';
  const hex = body.charCodeAt(1) === 120; /* x */
  const digits = body.slice(hex ? 2 : 1);
  if (!(hex ? HEX_DIGITS : DECIMAL_DIGITS).test(digits)) return 'malformed';
  const codePoint = Number.parseInt(digits, hex ? 16 : 10);
  return codePoint <= 0x10ffff ? codePoint : 'outside-unicode';
}

/**
 * Replaces the five predefined entities and character references in raw character data; the
 * policy decides about the rest (by default it is kept as written).
 *
 * @example decodeXmlEntities('a &lt; b &#x1F600; &nbsp;') // 'a < b 😀 &nbsp;'
 */
export function decodeXmlEntities(raw: string, policy: ReferencePolicy = KEEP_UNKNOWN): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(REFERENCE, (reference, body: string) => {
    const predefined = PREDEFINED.get(body);
    if (predefined !== undefined) return predefined;
    const codePoint = characterReferenceCodePoint(body);
    return typeof codePoint === 'number'
      ? policy.character(reference, codePoint)
      : policy.unknown(reference, codePoint);
  });
}
