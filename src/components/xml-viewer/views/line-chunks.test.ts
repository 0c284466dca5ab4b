import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineChunks } from './line-chunks.ts';

describe('lineChunks', () => {
  it('cuts before line breaks and covers the text exactly', () => {
    expect(lineChunks('a\nb\nc', 1, 1)).toEqual([
      [0, 1],
      [1, 3],
      [3, 5],
    ]);
    expect(lineChunks('', 10, 10)).toEqual([[0, 0]]);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('x', '\n', 'y') }),
        fc.nat(20),
        fc.nat(20),
        (text, first, size) => {
          const chunks = lineChunks(text, first, size);
          expect(chunks.map(([f, t]) => text.slice(f, t)).join('')).toBe(text);
          for (const [f] of chunks.slice(1)) expect(text[f]).toBe('\n');
        },
      ),
    );
  });
});
