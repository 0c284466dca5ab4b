import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { pairKey, type BulkRow } from '../../../bulk-job/bulk-rows.ts';
import { readEarlierResults } from '../../../bulk-job/resume.ts';
import type { RowResult } from '../../../bulk-job/bulk-runner.ts';
import { ResultsFile } from './results-file.ts';

const row = (n: number): BulkRow => ({
  rowNumber: n,
  ServiceURI: `https://a/${n}`,
  MediaType: n === 3 ? '=cmd' : 'image',
  issues: [],
  duplicateOf: null,
});
const done = (value: string): RowResult => ({
  state: 'succeeded',
  value,
  error: null,
  attempts: 1,
  durationMs: 1,
});

describe('ResultsFile', () => {
  it('writes the header once and every row in the order given, across many parts', async () => {
    const out = new ResultsFile();
    for (let n = 1; n <= 5_000; n++) out.add(row(n), done(String(n * 10)));
    expect(out.count).toBe(5_000);
    const blob = out.blob();
    // A byte order mark for spreadsheets (Blob.text() reads past it).
    expect([...new Uint8Array(await blob.slice(0, 3).arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await blob.text();
    expect(text.startsWith('Row,ServiceURI,MediaType,Outcome,Result\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(5_001);
    expect(rows[5_000]).toEqual(['5000', 'https://a/5000', 'image', 'registered', '50000']);
    // Formula cells are escaped, as in the page's other downloads.
    expect(rows[3]?.[2]).toBe("'=cmd");
  });

  it('can be downloaded part way and goes on writing', async () => {
    const out = new ResultsFile();
    out.add(row(1), done('1'));
    expect((await out.blob().text()).split('\r\n')).toHaveLength(3);
    out.add(row(2), done('2'));
    expect((await out.blob().text()).split('\r\n')).toHaveLength(4);
  });

  it('escapes a formula followed by a line break, and --resume reads every value back', async () => {
    const out = new ResultsFile();
    const values = ['=HYPERLINK("http://evil")\nx', "+cmd|' /C calc'!A0\r\n", "'=x", '-5'];
    values.forEach((value, i) => out.add(row(i + 10), done(value)));
    const text = await out.blob().text();
    const cells = Papa.parse<string[]>(text, { skipEmptyLines: true, delimiter: ',' }).data;
    expect(cells.slice(1).map((line) => line[4])).toEqual([
      '\'=HYPERLINK("http://evil")\nx',
      "'+cmd|' /C calc'!A0\r\n",
      "''=x",
      '-5',
    ]);
    const earlier = await readEarlierResults(text);
    expect(
      values.map((_, i) => earlier.registered.get(pairKey(`https://a/${i + 10}`, 'image'))),
    ).toEqual(values);
  });
});
