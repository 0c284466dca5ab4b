import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utf8Count, utf8Length } from './utf8-length.ts';

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe('utf8Length', () => {
  it('counts one, two, three and four byte characters and lone surrogates as TextEncoder does', () => {
    for (const text of [
      '',
      'abc',
      'é',
      '€',
      '😀',
      'a😀b',
      '\ud800',
      '\udc00x',
      '\ud83d\ud83d\ude00',
    ]) {
      expect(utf8Length(text)).toBe(encoded(text));
    }
  });

  it('agrees with TextEncoder on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => utf8Length(text) === encoded(text)),
    );
  });
});

describe('Utf8Count', () => {
  it('counts a text cut anywhere into parts as TextEncoder counts it whole', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (text, cuts) => {
          const ends = [...cuts.map((cut) => cut % (text.length + 1)), text.length].sort(
            (a, b) => a - b,
          );
          const count = new Utf8Count();
          let at = 0;
          for (const end of ends) {
            count.add(text.slice(at, end));
            at = end;
          }
          return count.total === encoded(text);
        },
      ),
    );
  });

  it('counts a surrogate pair cut between two parts as one four-byte character', () => {
    const count = new Utf8Count();
    for (const part of ['a\ud83d', '', '\ude00b']) count.add(part);
    expect(count.total).toBe(encoded('a😀b'));
  });
});
