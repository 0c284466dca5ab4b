/**
 * Bulk CSV in the operator's words: the delimiter found without warnings, a first line that
 * names the columns in any words read as a header (by content), which column was taken as what,
 * and an unclosed quote refused with the line where it opens, never merging the lines after it.
 */
import { describe, expect, it } from 'vitest';
import { detectDelimiter, unclosedQuoteLine } from './csv-dialect.ts';
import { readBulkCsv } from './read-bulk-csv.ts';
import { columnsInWords, findColumns } from './bulk-rows.ts';

const PARSER_WORDS = /Quoted field unterminated|auto-detect|delimiting character|MissingQuotes/i;

describe('detectDelimiter', () => {
  it.each([
    ['comma', 'ServiceURI,MediaType\nhttps://a/1,image\n', ','],
    ['semicolon', 'url;type\nhttps://a/1;image\nhttps://a/2;audio\n', ';'],
    ['tab', 'https://a/1\timage\nhttps://a/2\taudio', '\t'],
    ['pipe', 'https://a/1|image', '|'],
    ['semicolon, with commas inside quotes', '"https://a/1,2";image\n"https://a/3,4";audio', ';'],
    ['comma, with a semicolon inside one URI', 'https://a/1;v=2,image\nhttps://a/2,image', ','],
  ])('finds the %s', (_, text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('readBulkCsv in the operator’s words', () => {
  it.each([
    ['semicolons', 'https://a/1;image\r\nhttps://a/2;audio\r\n', 'semicolon'],
    ['tabs', 'https://a/1\timage\nhttps://a/2\taudio\n', 'tab'],
    ['commas', 'https://a/1,image\n', 'comma'],
    ['a single row', 'https://a/1;image', 'semicolon'],
  ])('reads a clean file of %s with no warning', async (_, text, delimiter) => {
    const parsed = await readBulkCsv(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.delimiter).toBe(delimiter);
    expect(parsed.rows[0]).toMatchObject({ ServiceURI: 'https://a/1', MediaType: 'image' });
  });

  it('reads a first line naming the columns in other words as a header, never as a row', async () => {
    const parsed = await readBulkCsv('url;type\nhttps://a/1;image\nhttps://a/2;audio\n');
    expect(parsed.hasHeader).toBe(true);
    expect(parsed.rows.map((row) => row.ServiceURI)).toEqual(['https://a/1', 'https://a/2']);
    expect(columnsInWords(parsed.columns!)).toBe(
      'The first line was read as a header (“url” is not an absolute URI; the lines below have URIs there): ServiceURI from column 1 (“url”), MediaType from column 2 (“type”).',
    );
  });

  it('takes the column holding URIs as ServiceURI, whichever it is', async () => {
    const parsed = await readBulkCsv('kind\tlink\nimage\thttps://a/1\naudio\thttps://a/2');
    expect(parsed.rows[1]).toMatchObject({ ServiceURI: 'https://a/2', MediaType: 'audio' });
    expect(columnsInWords(parsed.columns!)).toContain(
      'ServiceURI from column 2 (“link”), MediaType from column 1 (“kind”)',
    );
    const headerless = await readBulkCsv('image,https://a/1\naudio,https://a/2');
    expect(headerless.hasHeader).toBe(false);
    expect(columnsInWords(headerless.columns!)).toBe(
      'No header line: ServiceURI from column 2, MediaType from column 1.',
    );
  });

  it('says a named header is one', async () => {
    const parsed = await readBulkCsv('MediaType,ServiceURI\nimage,https://a/1');
    expect(columnsInWords(parsed.columns!)).toBe(
      'The first line is a header: ServiceURI from column 2 (“ServiceURI”), MediaType from column 1 (“MediaType”).',
    );
  });

  it('keeps a first line of data whose ServiceURI is absolute, and rows that are only partly URIs', () => {
    expect(
      findColumns([
        ['https://a/1', 'image'],
        ['not-absolute', 'image'],
      ]).header,
    ).toBe('none');
    expect(
      findColumns([
        ['relative/1', 'image'],
        ['relative/2', 'image'],
        ['relative/3', 'image'],
      ]),
    ).toMatchObject({ header: 'none', serviceUri: 0, mediaType: 1 });
  });

  it('refuses an unclosed quote, naming its line and what to do, without merging the lines after it', async () => {
    const text = [
      'ServiceURI;MediaType',
      'https://a/1;image',
      'https://a/2;"audio',
      'https://a/3;video',
      'https://a/4;image',
    ].join('\n');
    const parsed = await readBulkCsv(text);
    expect(parsed.rows).toEqual([]);
    expect(parsed.fileErrors).toEqual([
      'Line 3 opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.',
    ]);
    expect(JSON.stringify(parsed)).not.toMatch(PARSER_WORDS);
  });

  it('puts a quote with text after it in its own words', async () => {
    const parsed = await readBulkCsv('https://a/1,"ima"ge"\nhttps://a/2,audio');
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.problems[0]?.message).toContain('more text after its closing quote');
    expect(JSON.stringify(parsed)).not.toMatch(PARSER_WORDS);
  });
});

describe('unclosedQuoteLine', () => {
  it.each([
    [
      'closed quotes, doubled quotes and quoted line breaks',
      '"a,""b""",c\n"multi\nline",d\ne,f',
      null,
    ],
    ['a quote inside an unquoted value', 'https://a/"x,image\nb,c', null],
    ['an unclosed quote after a quoted line break', '"multi\nline",a\nb,"c\nd,e', 3],
    ['a quote opened on the first line', '"https://a,image', 1],
  ])('%s', (_, text, line) => {
    expect(unclosedQuoteLine(text, ',')).toBe(line);
  });
});
