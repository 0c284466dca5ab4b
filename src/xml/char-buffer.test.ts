import { describe, expect, it } from 'vitest';
import { CharBuffer } from './char-buffer.ts';

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
});
