import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairKey, type BulkRow } from '../../src/bulk-job/bulk-rows.ts';
import { readEarlierResults } from '../../src/bulk-job/resume.ts';
import { resultLine, resultsHeader } from '../../src/bulk-job/results-csv.ts';
import { mergeResults } from './merge.ts';

const row = (n: number, uri: string): BulkRow => ({
  rowNumber: n,
  ServiceURI: uri,
  MediaType: 'image',
  issues: [],
  duplicateOf: null,
});
const done = (value: string) =>
  ({ state: 'succeeded', value, error: null, attempts: 1, durationMs: 1 }) as const;

describe('mergeResults', () => {
  it('writes every cell by the one formula rule: escaped ones once, and ones a writer let through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    const shard = join(dir, 'a-results.csv');
    const values = ['=HYPERLINK("http://evil")\nx', "'=x", '-5', '41'];
    const lines = values.map((value, i) =>
      resultLine(row(i + 1, `https://a/${i + 1}`), done(value)),
    );
    // What papaparse's escapeFormulae: true let through: a formula followed by a line break.
    lines.push('5,https://a/5,image,registered,"+cmd|\' /C calc\'!A0\r\n"');
    writeFileSync(shard, `\uFEFF${resultsHeader()}\r\n${lines.join('\r\n')}\r\n`);

    const mergedPath = join(dir, 'merged.csv');
    const report = await mergeResults([shard], mergedPath);
    expect(report.totals.registered).toBe(5);
    const merged = readFileSync(mergedPath, 'utf8');
    expect(merged).toContain('\'=HYPERLINK(""http://evil"")\nx"');
    expect(merged).toContain('"\'\'=x"');
    expect(merged).toContain(',registered,-5\r\n');
    expect(merged).toContain("\"'+cmd|' /C calc'!A0\r\n\"");

    const back = await readEarlierResults(merged);
    expect(back.registered.get(pairKey('https://a/1', 'image'))).toBe(values[0]);
    expect(back.registered.get(pairKey('https://a/2', 'image'))).toBe("'=x");
    expect(back.registered.get(pairKey('https://a/3', 'image'))).toBe('-5');
    expect(back.registered.get(pairKey('https://a/5', 'image'))).toBe("+cmd|' /C calc'!A0\r\n");
    // The cells of a line written by the rule come out byte for byte.
    for (const line of lines.slice(0, 4)) expect(merged).toContain(`${line}\r\n`);
  });
});
