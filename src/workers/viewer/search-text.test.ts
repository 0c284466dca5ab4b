import { describe, expect, it } from 'vitest';
import { PieceText } from '../../text/piece-text.ts';
import { searchText } from './search-text.ts';

describe('searchText', () => {
  it('finds every case-insensitive match with its start offset', () => {
    const result = searchText('<Stub/>\n<stub>STUB</stub>', 'stub');
    expect(Array.from(result.positions)).toEqual([1, 9, 14, 20]);
    expect(result).toMatchObject({ length: 4, total: 4 });
  });

  it('treats the query literally', () => {
    expect(searchText('a.b axb (a.b)', 'a.b').total).toBe(2);
    expect(searchText('[x] x', '[x]').positions[0]).toBe(0);
  });

  it('folds non-ASCII case and keeps UTF-16 offsets', () => {
    const result = searchText('😀 Ärger ärger', 'ÄRGER');
    expect(Array.from(result.positions)).toEqual([3, 9]);
  });

  it('counts beyond the stored positions', () => {
    const result = searchText('ab'.repeat(5000), 'a', 1000);
    expect(result.total).toBe(5000);
    expect(result.positions).toHaveLength(1000);
    expect(result.positions[999]).toBe(1998);
  });

  it('returns nothing for an empty query', () => {
    expect(searchText('abc', '').total).toBe(0);
  });
});

describe('searchText over pieces', () => {
  /** The text cut into pieces at `cuts`. */
  const cut = (text: string, cuts: number[]) =>
    new PieceText(
      [0, ...cuts, text.length]
        .slice(1)
        .map((end, i, ends) => text.slice(i ? ends[i - 1] : 0, end)),
    );

  it.each([
    ['a match across a seam', '<Stub/><stub>', 'stub', [9]],
    ['a match across three pieces', 'xx STUB yy', 'stub', [4, 5, 6]],
    ['overlapping candidates across a seam', 'aaaaa', 'aa', [1, 3]],
    ['overlapping candidates at every seam', 'aaaaaaa', 'aaa', [1, 2, 3, 4, 5, 6]],
    ['non-ASCII case folded across a seam', '😀 Ärger ärger', 'ÄRGER', [2, 4, 11]],
    ['a query as long as the text', 'Stub', 'stub', [2]],
  ])('finds what one pass over the whole text finds: %s', (_, text, query, cuts) => {
    const whole = searchText(text, query);
    const pieces = searchText(cut(text, cuts), query);
    expect(Array.from(pieces.positions)).toEqual(Array.from(whole.positions));
    expect(pieces.total).toBe(whole.total);
  });

  it('finds the same as the whole text under every way of cutting it in two or three', () => {
    const text = '<Stub>stubSTUBs tub</Stub>';
    const expected = Array.from(searchText(text, 'stub').positions);
    expect(expected).toEqual([1, 6, 10, 21]);
    for (let a = 1; a < text.length; a++) {
      expect(Array.from(searchText(cut(text, [a]), 'stub').positions)).toEqual(expected);
      for (let b = a + 1; b < text.length; b++) {
        expect(Array.from(searchText(cut(text, [a, b]), 'stub').positions)).toEqual(expected);
      }
    }
  });

  it('counts beyond the stored positions across pieces', () => {
    const result = searchText(cut('ab'.repeat(5000), [999, 5001]), 'a', 1000);
    expect(result.total).toBe(5000);
    expect(result.positions[999]).toBe(1998);
  });
});
