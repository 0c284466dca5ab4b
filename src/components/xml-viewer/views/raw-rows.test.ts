import { describe, expect, it } from 'vitest';
import { rawRows } from './raw-view.tsx';

describe('rawRows', () => {
  it('starts a row at each line and every N characters of a long line', () => {
    const text = 'ab\n' + 'x'.repeat(25) + '\n\nend';
    const rows = rawRows(text, 10);
    expect(Array.from(rows.starts)).toEqual([0, 3, 13, 23, 29, 30]);
    expect(Array.from(rows.lineNumbers)).toEqual([1, 2, 0, 0, 3, 4]);
  });

  it('gives one row for empty text', () => {
    expect(Array.from(rawRows('', 10).starts)).toEqual([0]);
  });
});
