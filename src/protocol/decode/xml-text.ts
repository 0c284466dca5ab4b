/**
 * Decoding of XML character data: the five predefined entities and character references, and
 * nothing else (no DTD, so no other entity can exist). The real server writes characters XML
 * cannot carry as references such as `&#x1;`; those are decoded leniently and reported.
 */
import { describeCodePoint } from '../errors.ts';
import type { DecodeWarning } from '../types.ts';
import { isXmlChar } from '../xml-chars.ts';
import { MalformedXml } from './malformed-xml.ts';

const PREDEFINED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const REFERENCE = /&([^;&\s<]*);/g;

/** Collects warnings without repeating the same one. */
export class WarningSink {
  readonly warnings: DecodeWarning[] = [];
  private readonly seen = new Set<string>();

  add(code: string, message: string): void {
    const key = `${code}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push({ code, message });
  }

  invalidReference(reference: string, codePoint: number): void {
    this.add(
      'invalid-character-reference',
      `The response contains ${reference} (${describeCodePoint(codePoint)}), which XML 1.0 does not allow; it was decoded leniently.`,
    );
  }
}

/**
 * The code point of a character reference body (`#x1`, `#65`), or null when it is not one.
 * Throws MalformedXml for a reference outside Unicode.
 */
export function characterReferenceCodePoint(name: string): number | null {
  if (name.charCodeAt(0) !== 35 /* # */) return null;
  const hex = name.charCodeAt(1) === 120; /* x */
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) {
    throw new MalformedXml(`malformed character reference &${name};`);
  }
  const codePoint = Number.parseInt(digits, hex ? 16 : 10);
  if (!(codePoint <= 0x10ffff))
    throw new MalformedXml(`character reference &${name}; is outside Unicode`);
  return codePoint;
}

/**
 * Decodes references in raw character data.
 *
 * @example
 * decodeXmlText('Tom &amp; Jerry &#x1;', sink); // 'Tom & Jerry \u0001', with a warning in sink
 */
export function decodeXmlText(raw: string, sink: WarningSink): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(REFERENCE, (whole, name: string) => {
    const predefined = PREDEFINED[name];
    if (predefined !== undefined) return predefined;
    const codePoint = characterReferenceCodePoint(name);
    if (codePoint === null) throw new MalformedXml(`undeclared entity ${whole}`);
    if (!isXmlChar(codePoint)) sink.invalidReference(whole, codePoint);
    // Lone surrogates cannot be produced by String.fromCodePoint in a useful way; keep U+FFFD.
    return codePoint >= 0xd800 && codePoint <= 0xdfff ? '\uFFFD' : String.fromCodePoint(codePoint);
  });
}
