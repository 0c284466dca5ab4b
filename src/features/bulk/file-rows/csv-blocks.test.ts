import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { CsvBlocks, MAX_OPEN_QUOTE_CHARS, UnclosedQuoteError } from './csv-blocks.ts';

/** Feeds `text` in pieces of `size` characters and joins the rows papaparse reads per block. */
function rowsInPieces(text: string, size: number): { rows: string[][]; lines: number[] } {
  const blocks = new CsvBlocks();
  const rows: string[][] = [];
  const lines: number[] = [];
  const read = (block: { text: string; firstLine: number } | null) => {
    if (!block) return;
    lines.push(block.firstLine);
    rows.push(...Papa.parse<string[]>(block.text, { skipEmptyLines: 'greedy' }).data);
  };
  for (let at = 0; at < text.length; at += size) read(blocks.push(text.slice(at, at + size)));
  read(blocks.end());
  return { rows, lines };
}

describe('CsvBlocks', () => {
  const text =
    'ServiceURI,MediaType\n"https://a/1,x",image\n\n"https://a/""2""\nnext",video\nhttps://a/3,image';

  it('cuts only at line breaks outside quotes, whatever the pieces', () => {
    const whole = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data;
    const crlf = text.replaceAll('\n', '\r\n');
    const wholeCrlf = Papa.parse<string[]>(crlf, { skipEmptyLines: 'greedy' }).data;
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(rowsInPieces(text, size).rows).toEqual(whole);
      expect(rowsInPieces(crlf, size).rows).toEqual(wholeCrlf);
    }
    expect(whole[2]).toEqual(['https://a/"2"\nnext', 'video']);
  });

  it('says on which line of the file each block starts', () => {
    const { lines } = rowsInPieces('a,b\nc,d\n\ne,f\n', 4);
    expect(lines).toEqual([1, 2, 3, 4]);
  });

  it('keeps a last line without a line break', () => {
    expect(rowsInPieces('a,b\nc,d', 3).rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('names the line of a quote never closed, at the end', () => {
    const blocks = new CsvBlocks();
    blocks.push('a,b\nc,d\n"e,f\ng,h\n');
    expect(() => blocks.end()).toThrow(new UnclosedQuoteError(3));
    expect(() => blocks.end()).toThrow(/Line 3 opens a quote/);
  });

  it('gives up on a quote left open for more than its limit, without waiting for the end', () => {
    const blocks = new CsvBlocks();
    expect(blocks.push('a,b\n"c,d\n')?.text).toBe('a,b\n');
    const line = 'x'.repeat(64 * 1024 - 1) + '\n';
    expect(() => {
      for (let i = 0; i <= MAX_OPEN_QUOTE_CHARS / line.length; i++) blocks.push(line);
    }).toThrow(/Line 2 opens a quote/);
  });
});
