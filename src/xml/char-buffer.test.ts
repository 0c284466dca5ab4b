import { describe, expect, it } from 'vitest';
import { CharBuffer } from './char-buffer.ts';

/** The text as a buffer of `blockUnits` gives it back, appended in ranges of `step` units. */
function throughBuffer(text: string, blockUnits: number, step: number): string {
  const buffer = new CharBuffer(blockUnits);
  for (let at = 0; at < text.length; at += step) {
    buffer.appendRange(text, at, Math.min(text.length, at + step));
  }
  expect(buffer.length).toBe(text.length);
  return buffer.toString();
}

describe('CharBuffer', () => {
  it.each([
    ['ASCII', '<a x="1">text</a>'],
    ['Latin-1 and C1 controls', 'café \u0085 \u0080 ÿ'],
    ['astral characters', 'emoji 😀 and 中文'],
  ])('gives back exactly what was appended (%s)', (_, text) => {
    const buffer = new CharBuffer(4);
    buffer.appendRange(`[${text}]`, 1, text.length + 1);
    buffer.appendSpaces(2);
    buffer.appendChar(10);
    expect(buffer.toString()).toBe(`${text}  \n`);
  });

  it.each([1, 3, 7, 64])(
    'gives back text that crosses its blocks, ASCII and not, in ranges of %i',
    (step) => {
      const text = 'plain ASCII, then é and 漢字, 😀😀, plain again; '.repeat(20);
      expect(throughBuffer(text, 8, step)).toBe(text);
      expect(throughBuffer(text, 5, step)).toBe(text);
    },
  );

  it('keeps a surrogate pair whole where a block ends between its halves', () => {
    // Block of 4: "abc" and the high half fill it; the low half starts the next.
    expect(throughBuffer('abc😀d', 4, 1)).toBe('abc😀d');
    expect(throughBuffer('abc😀d', 4, 6)).toBe('abc😀d');
    expect(throughBuffer('abc😀😀😀d', 4, 2)).toBe('abc😀😀😀d');
  });

  it('keeps a U+FEFF that starts a block (not a byte order mark to drop)', () => {
    expect(throughBuffer('abcd\uFEFFé', 4, 1)).toBe('abcd\uFEFFé');
    expect(throughBuffer('abcd\uFEFFx', 4, 1)).toBe('abcd\uFEFFx');
  });

  it('writes a lone surrogate as U+FFFD, one unit for one, so offsets hold', () => {
    expect(throughBuffer('ab\uD800', 4, 1)).toBe('ab\uFFFD');
    expect(throughBuffer('ab\uDC00cdefg', 4, 1)).toBe('ab\uFFFDcdefg');
  });

  it('appends spaces and characters across blocks', () => {
    const buffer = new CharBuffer(4);
    buffer.appendChar(0x3c);
    buffer.appendSpaces(9);
    buffer.appendChar(0xe9);
    buffer.appendSpaces(3);
    buffer.appendChar(0x3e);
    expect(buffer.toString()).toBe(`<${' '.repeat(9)}é${' '.repeat(3)}>`);
    expect(buffer.length).toBe(15);
  });

  it('makes a one-byte string of ASCII text, over several blocks', () => {
    const text = 'ASCII only. '.repeat(1000);
    expect(throughBuffer(text, 256, 100)).toBe(text);
  });

  it('gives the text so far at any time, and goes on after', () => {
    const buffer = new CharBuffer(4);
    buffer.append('abcdé');
    expect(buffer.toString()).toBe('abcdé');
    buffer.append('fghij');
    expect(buffer.toString()).toBe('abcdéfghij');
  });
});
