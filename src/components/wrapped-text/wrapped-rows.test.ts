import { describe, expect, it } from 'vitest';
import { wrappedRows, wrappedRowText } from './wrapped-rows.ts';

describe('wrappedRows', () => {
  it('starts a row at each line and every N characters of a long line', () => {
    const text = 'ab\n' + 'x'.repeat(25) + '\n\nend';
    const rows = wrappedRows(text, 10);
    expect(Array.from(rows.starts)).toEqual([0, 3, 13, 23, 29, 30]);
    expect(Array.from(rows.lineNumbers)).toEqual([1, 2, 0, 0, 3, 4]);
  });

  it('gives one row for empty text', () => {
    expect(Array.from(wrappedRows('', 10).starts)).toEqual([0]);
  });

  it('gives each row its text without the line break, the rows joining back to the text', () => {
    const text = 'ab\n' + 'x'.repeat(25) + '\r\n\nend';
    const rows = wrappedRows(text, 10);
    const texts = Array.from(rows.starts, (_, row) => wrappedRowText(text, rows, row, 10));
    expect(texts).toEqual(['ab', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx\r', '', 'end']);
    const joined = texts.map((t, row) => (rows.lineNumbers[row + 1] === 0 ? t : `${t}\n`));
    expect(joined.join('')).toBe(`${text}\n`);
  });
});
