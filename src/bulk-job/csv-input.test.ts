import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { parseCsvCells } from './csv-cells.ts';
import { readBulkCsv } from './read-bulk-csv.ts';
import { MAX_ROWS, countRows, isSendable, toBulkRows } from './bulk-rows.ts';
import { csvCell, resultsCsv } from './results-csv.ts';
import { SPREADSHEET_FORMULA } from '../text/spreadsheet-formula.ts';
import { PENDING, SKIPPED } from './bulk-runner.ts';

async function rowsOf(text: string) {
  return toBulkRows((await parseCsvCells(text)).rows);
}

describe('parseCsvCells', () => {
  it('reads quoted cells, CRLF and blank lines', async () => {
    const { rows, problems } = await parseCsvCells(
      'ServiceURI,MediaType\r\n"https://a/x,y","im""age"\r\n\r\nhttps://b,audio\r\n',
    );
    expect(rows).toEqual([
      ['ServiceURI', 'MediaType'],
      ['https://a/x,y', 'im"age'],
      ['https://b', 'audio'],
    ]);
    expect(problems).toEqual([]);
  });

  it('guesses a tab delimiter', async () => {
    const { rows, delimiter } = await parseCsvCells('ServiceURI\tMediaType\nhttps://a\timage\n');
    expect(delimiter).toBe('\t');
    expect(rows[1]).toEqual(['https://a', 'image']);
  });

  it('parses in many small chunks without losing or splitting rows', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `https://m.example/${i},"type ${i}"`);
    const progress: number[] = [];
    const { rows } = await parseCsvCells(['ServiceURI,MediaType', ...lines].join('\n'), {
      chunkSize: 1000,
      onProgress: (n) => progress.push(n),
    });
    expect(rows).toHaveLength(3001);
    expect(rows[2999]).toEqual(['https://m.example/2998', 'type 2998']);
    expect(progress.length).toBeGreaterThan(50);
    expect(progress.at(-1)).toBe(3001);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const text = Array.from({ length: 5000 }, (_, i) => `https://m/${i},image`).join('\n');
    const parsing = parseCsvCells(text, {
      chunkSize: 500,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(parsing).rejects.toThrow(/cancelled/);
  });

  it('reports the line where an unclosed quote opens instead of throwing', async () => {
    const { unclosedQuoteLine, problems } = await parseCsvCells(
      'https://a,image\n\nhttps://b,"video\nhttps://c,audio\n',
    );
    expect(unclosedQuoteLine).toBe(3);
    expect(problems).toEqual([]);
  });
});

describe('toBulkRows', () => {
  it('finds the columns by header name, in any case and order, with extra columns', async () => {
    const { rows, hasHeader } = await rowsOf(
      'note,MEDIATYPE,serviceuri\nfirst,image,https://a/1\nsecond, video , https://a/2 \n',
    );
    expect(hasHeader).toBe(true);
    expect(rows.map((r) => [r.rowNumber, r.ServiceURI, r.MediaType])).toEqual([
      [1, 'https://a/1', 'image'],
      [2, 'https://a/2', 'video'],
    ]);
  });

  it('reads a header-less two-column file as ServiceURI, MediaType', async () => {
    const { rows, hasHeader } = await rowsOf('https://a/1,image\nhttps://a/2,audio');
    expect(hasHeader).toBe(false);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ServiceURI: 'https://a/1', MediaType: 'image' });
  });

  it('tolerates a byte order mark before the header', async () => {
    const { hasHeader, rows } = await rowsOf('\uFEFFServiceURI,MediaType\nhttps://a,image');
    expect(hasHeader).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it('flags empty values as errors, relative URIs and repeats as warnings', async () => {
    const { rows } = await rowsOf(
      [
        'ServiceURI,MediaType',
        'https://a/1,image',
        ',image',
        'https://a/3,',
        'a/relative/path,audio',
        'https://a/1,image',
        'https://a/1,video',
      ].join('\n'),
    );
    expect(rows.map(isSendable)).toEqual([true, false, false, true, true, true]);
    expect(rows[1]?.issues).toEqual([{ severity: 'error', message: 'ServiceURI is empty.' }]);
    expect(rows[2]?.issues).toEqual([{ severity: 'error', message: 'MediaType is empty.' }]);
    expect(rows[3]?.issues[0]).toMatchObject({ severity: 'warning' });
    expect(rows[4]).toMatchObject({ duplicateOf: 1 });
    expect(rows[5]?.duplicateOf).toBeNull();
    expect(countRows(rows)).toEqual({ total: 6, errors: 2, warnings: 2, duplicates: 1 });
  });

  it('flags a line that repeats the header as an error, so it is not sent', () => {
    const { rows, hasHeader } = toBulkRows([
      ['ServiceURI', 'MediaType', 'Note'],
      ['https://a/1', 'image', ''],
      [' serviceuri ', 'MEDIATYPE', 'second file'],
      ['https://a/2', 'image', ''],
    ]);
    expect(hasHeader).toBe(true);
    expect(rows[1]?.issues).toContainEqual({
      severity: 'error',
      message: 'This line repeats the header (files joined together?): it is not a row.',
    });
    expect(rows.map(isSendable)).toEqual([true, false, true]);
    // Without a header line, no line is taken for one.
    const plain = toBulkRows([
      ['https://a/1', 'image'],
      ['ServiceURI', 'MediaType'],
    ]);
    expect(plain.rows.every((row) => !row.issues.some((i) => i.message.includes('header')))).toBe(
      true,
    );
  });

  it('flags characters XML cannot carry as errors, so the row is not sent', () => {
    const { rows } = toBulkRows([
      ['https://a/\u0001', 'image'],
      ['https://a/ok', 'im\uD800age'],
      ['https://a/\uD83D\uDE00', 'image'],
    ]);
    expect(rows[0]?.issues).toContainEqual({
      severity: 'error',
      message: 'ServiceURI contains U+0001, which XML cannot carry.',
    });
    expect(rows[1]?.issues[0]?.message).toBe('MediaType contains U+D800, which XML cannot carry.');
    expect(rows.map(isSendable)).toEqual([false, false, true]);
  });

  it('treats a missing column as a problem with the whole input', async () => {
    expect((await rowsOf('ServiceURI,Kind\nhttps://a,image')).fileErrors).toEqual([
      'The header row has no MediaType column.',
    ]);
    expect((await rowsOf('https://a\nhttps://b')).fileErrors[0]).toMatch(/fewer than two/);
  });

  it('refuses more rows than a job takes', () => {
    const cells = Array.from({ length: MAX_ROWS + 1 }, () => ['https://a', 'image']);
    expect(toBulkRows(cells).fileErrors[0]).toMatch(/split the file/);
  });

  it('gives nothing for empty input', async () => {
    expect(await rowsOf('')).toEqual({
      rows: [],
      hasHeader: false,
      columns: null,
      fileErrors: [],
    });
  });
});

describe('readBulkCsv', () => {
  const bigFile = (rows: number) =>
    [
      'ServiceURI,MediaType',
      ...Array.from({ length: rows }, (_, i) => `https://a.example/${i % 7_000},image`),
    ].join('\n');

  it('checks a large file in several turns, with the same rows as checking it at once', async () => {
    const text = bigFile(12_000);
    const turns: number[] = [];
    const parsed = await readBulkCsv(text, { onChecked: (rows) => turns.push(rows) });
    expect(turns).toEqual([5_000, 10_000]);
    const atOnce = toBulkRows((await parseCsvCells(text)).rows);
    expect(parsed.rows).toEqual(atOnce.rows);
    expect(parsed.rows[7_000]?.duplicateOf).toBe(1);
  });

  it('stops checking when aborted between turns', async () => {
    const controller = new AbortController();
    let lastChecked = 0;
    const reading = readBulkCsv(bigFile(20_000), {
      signal: controller.signal,
      onChecked: (rows) => {
        lastChecked = rows;
        controller.abort();
      },
    });
    await expect(reading).rejects.toThrow('cancelled');
    expect(lastChecked).toBe(5_000);
  });
});

describe('csvCell', () => {
  it('writes every cell as papaparse unparse does, with and without escapeFormulae', () => {
    const cells = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      '"',
      'two\nlines',
      'cr\rhere',
      '\uFEFFbom',
      ' lead',
      'trail ',
      ' ',
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
      '=two\nlines',
      '=HYPERLINK("x"),y',
      "'=already",
      'é ü 中文',
      '=HYPERLINK("http://evil")\nx',
      "+cmd|' /C calc'!A0\r\n",
      '-5\n',
      '+1.5',
      '-.5e3',
    ];
    for (const escapeFormulae of [false, true]) {
      const ours = cells.map((cell) => csvCell(cell, escapeFormulae)).join(',');
      expect(ours).toBe(
        Papa.unparse([cells], { escapeFormulae: escapeFormulae && SPREADSHEET_FORMULA }),
      );
    }
  });

  it('escapes a formula followed by a line break, and leaves a plain signed number alone', () => {
    expect(csvCell('=HYPERLINK("http://evil")\nx', true)).toBe(
      '"\'=HYPERLINK(""http://evil"")\nx"',
    );
    expect(csvCell("+cmd|' /C calc'!A0\r\n", true)).toBe("\"'+cmd|' /C calc'!A0\r\n\"");
    expect(csvCell("'=x", true)).toBe('"\'\'=x"');
    expect(csvCell('-5', true)).toBe('-5');
  });
});

describe('resultsCsv', () => {
  it('writes one line per row that papaparse reads back, formulas neutralized, and why a row was not sent', () => {
    const { rows } = toBulkRows([
      ['https://a/1', 'image'],
      ['https://a/"2"', 'a,b'],
      ['=HYPERLINK("x")', 'image'],
      ['https://a/1', 'image'],
      ['https://a/3', ''],
    ]);
    const results = [
      { state: 'succeeded', value: '101', error: null, attempts: 1, durationMs: 2 },
      { state: 'failed', value: null, error: 'No answer in time', attempts: 1, durationMs: 2 },
      PENDING,
      SKIPPED,
      SKIPPED,
    ] as const;
    const csv = resultsCsv(rows, (index) => results[index] ?? PENDING);
    const back = Papa.parse<string[]>(csv).data;
    expect(back).toEqual([
      ['Row', 'ServiceURI', 'MediaType', 'Outcome', 'Result'],
      ['1', 'https://a/1', 'image', 'registered', '101'],
      ['2', 'https://a/"2"', 'a,b', 'failed', 'No answer in time'],
      ['3', '\'=HYPERLINK("x")', 'image', 'not sent', ''],
      ['4', 'https://a/1', 'image', 'skipped (repeat)', 'Same as row 1.'],
      ['5', 'https://a/3', '', 'skipped (invalid)', 'MediaType is empty.'],
    ]);
    // Byte for byte what papaparse's unparse makes of the same cells.
    expect(csv).toBe(
      Papa.unparse(
        [
          ['Row', 'ServiceURI', 'MediaType', 'Outcome', 'Result'],
          ['1', 'https://a/1', 'image', 'registered', '101'],
          ['2', 'https://a/"2"', 'a,b', 'failed', 'No answer in time'],
          ['3', '=HYPERLINK("x")', 'image', 'not sent', ''],
          ['4', 'https://a/1', 'image', 'skipped (repeat)', 'Same as row 1.'],
          ['5', 'https://a/3', '', 'skipped (invalid)', 'MediaType is empty.'],
        ],
        { escapeFormulae: SPREADSHEET_FORMULA },
      ),
    );
  });
});
