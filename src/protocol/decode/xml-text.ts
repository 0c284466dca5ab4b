/**
 * Decoding of XML character data: the five predefined entities and character references, and
 * nothing else (no DTD, so no other entity can exist). The real server writes characters XML
 * cannot carry as references such as `&#x1;`; those are decoded leniently and reported. The
 * decoding itself is the one in `src/text/xml-entities.ts`; this module sets the protocol's terms.
 */
import {
  characterReferenceCodePoint as codePointOrProblem,
  decodeXmlEntities,
  type ReferencePolicy,
  type ReferenceProblem,
} from '../../text/xml-entities.ts';
import { describeCodePoint } from '../errors.ts';
import type { DecodeWarning } from '../types.ts';
import { isXmlChar } from '../../xml/reader/xml-chars.ts';
import { MalformedXml } from './malformed-xml.ts';

/** Collects warnings without repeating the same one. */
export class WarningSink {
  readonly warnings: DecodeWarning[] = [];
  private readonly seen = new Set<string>();
  /** The protocol's terms for references: unknown ones are malformed XML, odd characters warned. */
  readonly references: ReferencePolicy = {
    unknown: (reference, problem) => {
      throw new MalformedXml(problemMessage(reference, problem));
    },
    character: (reference, codePoint) => {
      if (!isXmlChar(codePoint)) this.invalidReference(reference, codePoint);
      // Lone surrogates cannot be produced by String.fromCodePoint in a useful way; keep U+FFFD.
      return codePoint >= 0xd800 && codePoint <= 0xdfff
        ? '\uFFFD'
        : String.fromCodePoint(codePoint);
    },
  };

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

function problemMessage(reference: string, problem: ReferenceProblem): string {
  if (problem === 'undeclared') return `undeclared entity ${reference}`;
  if (problem === 'malformed') return `malformed character reference ${reference}`;
  return `character reference ${reference} is outside Unicode`;
}

/**
 * The code point of a character reference body (`#x1`, `#65`), or null when it is not one.
 * Throws MalformedXml for a malformed reference or one outside Unicode.
 */
export function characterReferenceCodePoint(name: string): number | null {
  const codePoint = codePointOrProblem(name);
  if (codePoint === 'undeclared') return null;
  if (typeof codePoint !== 'number') throw new MalformedXml(problemMessage(`&${name};`, codePoint));
  return codePoint;
}

/**
 * Decodes references in raw character data; an unknown one throws MalformedXml.
 *
 * @example
 * decodeXmlText('Tom &amp; Jerry &#x1;', sink); // 'Tom & Jerry \u0001', with a warning in sink
 */
export function decodeXmlText(raw: string, sink: WarningSink): string {
  return decodeXmlEntities(raw, sink.references);
}
