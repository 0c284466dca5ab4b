import { describe, expect, it } from 'vitest';
import { PieceText } from './piece-text.ts';

describe('PieceText', () => {
  const text = new PieceText(['<a>', '', 'x', 'yz</a>', '\n']);
  const whole = '<a>xyz</a>\n';

  it('is the pieces joined, empty ones left out', () => {
    expect(text.toString()).toBe(whole);
    expect(text.length).toBe(whole.length);
    expect(text.pieces).toEqual(['<a>', 'x', 'yz</a>', '\n']);
    expect([0, 1, 2, 3, 4].map((i) => text.pieceStart(i))).toEqual([0, 3, 4, 10, 11]);
  });

  it('slices any range as the joined string does, within one piece or across several', () => {
    for (let from = 0; from <= whole.length + 1; from++) {
      for (let to = from; to <= whole.length + 2; to++) {
        expect(text.slice(from, to)).toBe(whole.slice(from, to));
      }
    }
    expect(text.slice(4)).toBe(whole.slice(4));
  });

  it('clamps ranges outside the text', () => {
    expect(text.slice(-5, 2)).toBe('<a');
    expect(text.slice(5, 2)).toBe('');
    expect(new PieceText([]).slice(0, 3)).toBe('');
    expect(new PieceText([]).length).toBe(0);
  });
});
