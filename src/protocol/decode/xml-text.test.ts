import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceSoup } from '../../text/xml-references.test-helper.ts';
import { describeCodePoint } from '../errors.ts';
import { isXmlChar } from '../../xml/reader/xml-chars.ts';
import { characterReferenceCodePoint, decodeXmlText, WarningSink } from './xml-text.ts';

// The protocol's decoder before it used the one in src/text, kept here as the reference it must
// equal (with Object.hasOwn: it used to read `&toString;` from Object.prototype).
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function formerDecoder(raw: string, warnings: string[]): string {
  return raw.replace(/&([^;&\s<]*);/g, (whole, name: string) => {
    if (Object.hasOwn(PREDEFINED, name)) return PREDEFINED[name] ?? '';
    if (name.charCodeAt(0) !== 35) throw new Error(`undeclared entity ${whole}`);
    const hex = name.charCodeAt(1) === 120;
    const digits = name.slice(hex ? 2 : 1);
    if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) {
      throw new Error(`malformed character reference &${name};`);
    }
    const codePoint = Number.parseInt(digits, hex ? 16 : 10);
    if (!(codePoint <= 0x10ffff))
      throw new Error(`character reference &${name}; is outside Unicode`);
    if (!isXmlChar(codePoint)) {
      const warning = `The response contains ${whole} (${describeCodePoint(codePoint)}), which XML 1.0 does not allow; it was decoded leniently.`;
      if (!warnings.includes(warning)) warnings.push(warning);
    }
    return codePoint >= 0xd800 && codePoint <= 0xdfff ? '\uFFFD' : String.fromCodePoint(codePoint);
  });
}

function outcome(run: () => string): string {
  try {
    return `ok ${run()}`;
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
}

describe('decodeXmlText', () => {
  it('decodes, warns about characters XML cannot carry, and refuses unknown references', () => {
    const sink = new WarningSink();
    expect(decodeXmlText('Tom &amp; Jerry &#x1; &#xD800;', sink)).toBe('Tom & Jerry \u0001 \uFFFD');
    expect(sink.warnings.map((w) => w.code)).toEqual([
      'invalid-character-reference',
      'invalid-character-reference',
    ]);
    expect(() => decodeXmlText('&nbsp;', sink)).toThrow('undeclared entity &nbsp;');
    expect(() => decodeXmlText('&toString;', sink)).toThrow('undeclared entity &toString;');
    expect(() => decodeXmlText('&#xZ;', sink)).toThrow('malformed character reference &#xZ;');
    expect(() => decodeXmlText('&#x110000;', sink)).toThrow('is outside Unicode');
  });

  it('equals the former protocol decoder on random input: text, warnings and errors', () => {
    fc.assert(
      fc.property(fc.array(referenceSoup, { maxLength: 3 }), (texts) => {
        const sink = new WarningSink();
        const expected: string[] = [];
        for (const raw of texts) {
          expect(outcome(() => decodeXmlText(raw, sink))).toBe(
            outcome(() => formerDecoder(raw, expected)),
          );
        }
        expect(sink.warnings.map((w) => w.message)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('characterReferenceCodePoint', () => {
  it('returns the code point, null for a named entity, and throws for a broken reference', () => {
    expect(characterReferenceCodePoint('#x41')).toBe(65);
    expect(characterReferenceCodePoint('nbsp')).toBeNull();
    expect(() => characterReferenceCodePoint('#x')).toThrow('malformed character reference &#x;');
    expect(() => characterReferenceCodePoint('#1114112')).toThrow(
      'character reference &#1114112; is outside Unicode',
    );
  });
});
