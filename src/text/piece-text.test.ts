import { describe, expect, it } from 'vitest';
import { PieceText, textWindows } from './piece-text.ts';

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

describe('textWindows', () => {
  // Every character distinct, so a window holding a substring holds it at its place.
  const whole = Array.from({ length: 14 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
  const cuts = [[], [7], [1, 2, 3], [5, 6, 13], [0, 4, 9, 14]];

  it('holds every short range whole in some window, and nothing outside the range', () => {
    for (const at of cuts) {
      const bounds = [0, ...at, whole.length];
      const text = new PieceText(bounds.slice(1).map((end, i) => whole.slice(bounds[i], end)));
      for (const reach of [0, 1, 3]) {
        for (let from = 0; from <= whole.length; from++) {
          for (let to = from; to <= whole.length; to++) {
            const range = whole.slice(from, to);
            const windows = [...textWindows(text, from, to, reach)];
            for (const window of windows) expect(range.includes(window)).toBe(true);
            for (let p = from; p < to; p++) {
              for (let m = 1; m <= reach + 1 && p + m <= to; m++) {
                const part = whole.slice(p, p + m);
                const where = `${at.join(',')} reach ${reach} [${from}, ${to}) ${p}+${m}`;
                expect(
                  windows.some((window) => window.includes(part)),
                  where,
                ).toBe(true);
              }
            }
          }
        }
      }
    }
  });

  it('gives a string as one window', () => {
    expect([...textWindows(whole, 2, 9, 3)]).toEqual([whole.slice(2, 9)]);
  });
});
