import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialResults, pairKey, toBulkRows, type BulkRow } from './bulk-rows.ts';
import { readEarlierResults, resumeFrom } from './resume.ts';
import { resultsCsv, resultLines, resultsHeader } from './results-csv.ts';
import { PENDING, type RowResult } from './bulk-runner.ts';

const done = (value: string): RowResult => ({
  state: 'succeeded',
  value,
  error: null,
  attempts: 1,
  durationMs: 1,
});
const failed: RowResult = { ...PENDING, state: 'failed', error: 'No answer in time', attempts: 1 };

describe('resume from an earlier results CSV', () => {
  it('skips exactly the pairs registered earlier, whatever their row numbers now', async () => {
    const before = toBulkRows([
      ['https://a/1', 'image'],
      ['https://a/2', 'image'],
      ['-leading-minus', 'audio'],
      ['https://a/4', 'video'],
    ]).rows;
    const results = [done('11'), failed, done('13'), PENDING];
    const earlier = await readEarlierResults(
      `\uFEFF${resultsCsv(before, (i) => results[i] ?? PENDING)}`,
    );
    expect(earlier.fileErrors).toEqual([]);
    expect(earlier.registered.size).toBe(2);

    // The next run's file: reordered, one row added.
    const now = toBulkRows([
      ['https://a/4', 'video'],
      ['-leading-minus', 'audio'],
      ['https://a/new', 'image'],
      ['https://a/2', 'image'],
      ['https://a/1', 'image'],
    ]).rows;
    const { results: resumed, taken } = resumeFrom(now, initialResults(now, true), earlier);
    expect(taken).toBe(2);
    expect(resumed.map((r) => r.state)).toEqual([
      'pending',
      'succeeded',
      'pending',
      'pending',
      'succeeded',
    ]);
    expect(resumed[4]).toMatchObject({ value: '11', attempts: 0 });
    expect(resumed[1]).toMatchObject({ value: '13' });
  });

  it('reads a file appended to as rows settled, and an earlier resume in it', async () => {
    const rows = toBulkRows([
      ['https://a/1', 'image'],
      ['https://a/2', 'image'],
    ]).rows;
    const [first, second] = rows;
    if (!first || !second) throw new Error('rows');
    const log = [
      resultsHeader(),
      resultLines([[second, done('22')]]),
      resultLines([[first, { ...done('21'), attempts: 0 }]]),
    ].join('\r\n');
    expect(log).toContain('registered (earlier run)');
    const earlier = await readEarlierResults(log);
    expect([...earlier.registered.values()].sort()).toEqual(['21', '22']);
  });

  it('refuses a file that is not a results CSV', async () => {
    const earlier = await readEarlierResults('ServiceURI,MediaType\nhttps://a,image');
    expect(earlier.fileErrors[0]).toMatch(/no Outcome, Result column/);
  });

  it('never takes over a row that is skipped or failed in the earlier file', async () => {
    const rows = toBulkRows([['https://a/1', 'image']]).rows;
    const earlier = await readEarlierResults(resultsCsv(rows, () => failed));
    expect(resumeFrom(rows, initialResults(rows, true), earlier).taken).toBe(0);
  });

  it('reads back exactly the values written, whatever they start with or hold', async () => {
    // Strings made mostly of what the formula rule and CSV quoting look at.
    const tricky = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '=',
            '+',
            '-',
            '@',
            '\t',
            '\r',
            '\n',
            '\r\n',
            "'",
            '"',
            ',',
            ' ',
            '5',
            '.',
          ),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 10 },
      )
      .map((parts) => parts.join(''));
    const entry = fc.record({ uri: tricky, media: tricky, value: tricky });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 20 }), async (entries) => {
        const rows = entries.map(({ uri, media }, index): BulkRow => ({
          rowNumber: index + 1,
          ServiceURI: uri,
          MediaType: media,
          issues: [],
          duplicateOf: null,
        }));
        const csv = `\uFEFF${resultsCsv(rows, (i) => done(entries[i]?.value ?? ''))}`;
        const earlier = await readEarlierResults(csv);
        expect(earlier.fileErrors).toEqual([]);
        // The reader trims ServiceURI and MediaType (as the input's are); the value is as sent.
        const expected = new Map(
          entries.map(({ uri, media, value }) => [pairKey(uri.trim(), media.trim()), value]),
        );
        expect(earlier.registered).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("takes one ' off an escaped cell, and none off a value that starts with ' alone", async () => {
    const rows = toBulkRows([
      ['https://a/1', 'image'],
      ['https://a/2', 'image'],
      ['https://a/3', 'image'],
    ]).rows;
    const values = ["'=x", "'plain", '=HYPERLINK("http://evil")\nx'];
    const csv = resultsCsv(rows, (i) => done(values[i] ?? ''));
    expect(csv).toContain('"\'\'=x"');
    expect(csv).toContain('\'=HYPERLINK(""http://evil"")\nx"');
    const earlier = await readEarlierResults(csv);
    expect([...earlier.registered.values()]).toEqual(values);
  });

  it('reads a file papaparse escapeFormulae: true wrote, signed numbers escaped', async () => {
    const csv = 'Row,ServiceURI,MediaType,Outcome,Result\r\n1,"\'=x",image,registered,"\'-5"';
    const earlier = await readEarlierResults(csv);
    expect(earlier.registered.get(pairKey('=x', 'image'))).toBe('-5');
  });

  it('reads a file whose first value holds many lines with tabs (the header gives the delimiter)', async () => {
    const rows = toBulkRows([['https://a/1', 'image']]).rows;
    const value = Array.from({ length: 20 }, () => 'z\tz').join('\n');
    const earlier = await readEarlierResults(resultsCsv(rows, () => done(value)));
    expect(earlier.fileErrors).toEqual([]);
    expect([...earlier.registered.values()]).toEqual([value]);
  });

  it('still reads a results file a spreadsheet saved with semicolons', async () => {
    const csv = 'Row;ServiceURI;MediaType;Outcome;Result\r\n1;https://a/1;image;registered;"\'=7"';
    const earlier = await readEarlierResults(csv);
    expect(earlier.registered.get(pairKey('https://a/1', 'image'))).toBe('=7');
  });
});
