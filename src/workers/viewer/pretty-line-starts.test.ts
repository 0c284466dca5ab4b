import { describe, expect, it } from 'vitest';
import { lineStartsOf } from '../../xml/line-starts.test-helper.ts';
import { linesOf, placeOnLines } from './pretty-line-starts.ts';

describe('linesOf', () => {
  it.each([
    ['a\nbb\nccc\n', ['a', 'bb', 'ccc']],
    ['a\nbb\nccc', ['a', 'bb', 'ccc']],
    ['one', ['one']],
    ['\n\nx\n', ['', '', 'x']],
    ['', []],
  ])('splits %j into its lines', (text, lines) => {
    const starts = lineStartsOf(text);
    expect(starts.length - 1).toBe(lines.length);
    for (let n = 0; n < lines.length; n++) expect(linesOf(text, starts, n, n + 1)).toBe(lines[n]);
    expect(linesOf(text, starts, 0, lines.length)).toBe(lines.join('\n'));
  });

  it('clamps a window past either end', () => {
    const text = 'a\nb\nc\n';
    const starts = lineStartsOf(text);
    expect(linesOf(text, starts, 1, 99)).toBe('b\nc');
    expect(linesOf(text, starts, -5, 1)).toBe('a');
    expect(linesOf(text, starts, 7, 9)).toBe('');
  });
});

describe('placeOnLines', () => {
  it('gives each position its line and column', () => {
    const text = '<a>\n  <b>x</b>\n</a>\n';
    const starts = lineStartsOf(text);
    const positions = Int32Array.of(1, 7, 12, 17);
    const { lines, columns } = placeOnLines(positions, starts);
    expect(Array.from(lines)).toEqual([0, 1, 1, 2]);
    expect(Array.from(columns)).toEqual([1, 3, 8, 2]);
    for (let i = 0; i < positions.length; i++) {
      const line = linesOf(text, starts, lines[i] ?? 0, (lines[i] ?? 0) + 1);
      expect(line[columns[i] ?? 0]).toBe(text[positions[i] ?? 0]);
    }
  });
});
