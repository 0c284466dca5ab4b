import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterReferenceCodePoint, decodeXmlEntities, KEEP_UNKNOWN } from './xml-entities.ts';
import { referenceSoup } from './xml-references.test-helper.ts';

// The decoders the XML engine had before this one, kept here as the reference it must equal
// (the second with Object.hasOwn: it used to read `&toString;` from Object.prototype).
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function viewerDecoder(raw: string): string {
  return raw.replace(
    /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g,
    (match, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name) return NAMED[name] ?? match;
      const code = hex ? parseInt(hex, 16) : parseInt(dec ?? '', 10);
      if (!Number.isFinite(code) || code < 0 || code > 0x10ffff) return match;
      return String.fromCodePoint(code);
    },
  );
}
function meaningTreeDecoder(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(NAMED, body) ? (NAMED[body] ?? whole) : whole;
  });
}

describe('decodeXmlEntities', () => {
  it('decodes the five entities and character references, and keeps the rest as written', () => {
    expect(decodeXmlEntities('a &lt; b &#x1F600; &#65; &nbsp; & &#x110000; &#X41;')).toBe(
      'a < b 😀 A &nbsp; & &#x110000; &#X41;',
    );
  });

  it('keeps a name Object.prototype has as an unknown entity', () => {
    expect(decodeXmlEntities('&toString; &constructor; &__proto__;')).toBe(
      '&toString; &constructor; &__proto__;',
    );
  });

  it('asks the policy about what it cannot decode, and why', () => {
    const asked: string[] = [];
    const out = decodeXmlEntities('&foo; &#xZ; &#x110000; &#x1; &amp;', {
      unknown: (reference, problem) => (asked.push(`${reference} ${problem}`), '?'),
      character: (reference, codePoint) => (asked.push(`${reference} ${codePoint}`), '!'),
    });
    expect(out).toBe('? ? ? ! &');
    expect(asked).toEqual([
      '&foo; undeclared',
      '&#xZ; malformed',
      '&#x110000; outside-unicode',
      '&#x1; 1',
    ]);
  });

  it('equals the XML engine’s former decoders on random input', () => {
    fc.assert(
      fc.property(referenceSoup, (raw) => {
        const decoded = decodeXmlEntities(raw, KEEP_UNKNOWN);
        expect(decoded).toBe(viewerDecoder(raw));
        expect(decoded).toBe(meaningTreeDecoder(raw));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('characterReferenceCodePoint', () => {
  it('reads hexadecimal and decimal bodies and says why others are not references', () => {
    expect(characterReferenceCodePoint('#x41')).toBe(65);
    expect(characterReferenceCodePoint('#65')).toBe(65);
    expect(characterReferenceCodePoint('#X41')).toBe('malformed');
    expect(characterReferenceCodePoint('#1114112')).toBe('outside-unicode');
    expect(characterReferenceCodePoint('amp')).toBe('undeclared');
  });
});
