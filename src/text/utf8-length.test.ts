import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length.ts';

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
