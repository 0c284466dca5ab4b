import { describe, expect, it } from 'vitest';
import { createRowChecker } from '../../../bulk-job/row-stream.ts';
import type { BulkRow } from '../../../bulk-job/bulk-rows.ts';
import { FileRowsReader } from './read-file-rows.ts';
import type { FileRowsBatch } from './file-rows-protocol.ts';

const csv = (rows: number, from = 1) =>
  Array.from({ length: rows }, (_, i) => `https://a/${from + i},image`).join('\n');

function reader(content: BlobPart[], skipThrough = 0) {
  return new FileRowsReader(new Blob(content).stream(), createRowChecker(), skipThrough);
}

async function readAll(rows: FileRowsReader, max = 1_000) {
  const all: BulkRow[] = [];
  let last: FileRowsBatch;
  do {
    last = await rows.next(max);
    expect(last.rows.length).toBeLessThanOrEqual(max);
    all.push(...last.rows);
  } while (!last.done);
  return { all, last };
}

describe('FileRowsReader', () => {
  it('reads the head first, then every row in batches with its row number', async () => {
    const rows = reader([`ServiceURI;MediaType\n${csv(2_500).replaceAll(',', ';')}\n`]);
    const head = await rows.head();
    expect(head).toMatchObject({ hasHeader: true, delimiter: 'semicolon', fileErrors: [] });
    expect(head.columnsWords).toMatch(/^The first line is a header/);
    const { all, last } = await readAll(rows, 1_000);
    expect(all).toHaveLength(2_500);
    expect(all[2_499]).toMatchObject({ rowNumber: 2_500, ServiceURI: 'https://a/2500' });
    expect(last.error).toBeNull();
  });

  it('hands out only the rows after skipThrough (resume), numbered as in the file', async () => {
    const rows = reader([csv(100)], 60);
    await rows.head();
    const { all } = await readAll(rows);
    expect(all.map((row) => row.rowNumber)).toEqual(Array.from({ length: 40 }, (_, i) => 61 + i));
  });

  it('keeps a truncated last line and rows split across the stream’s chunks', async () => {
    const text = `ServiceURI,MediaType\n${csv(30)}\nhttps://a/last,ima`;
    const bytes = new TextEncoder().encode(text);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.slice(i * 7, i * 7 + 7),
    );
    const rows = reader(pieces);
    await rows.head();
    const { all } = await readAll(rows);
    expect(all).toHaveLength(31);
    expect(all[30]).toMatchObject({ rowNumber: 31, MediaType: 'ima' });
  });

  it('sends the rows before bytes that are not UTF-8, and says where reading stopped', async () => {
    const good = new TextEncoder().encode(`ServiceURI,MediaType\n${csv(40)}\n`);
    const rows = reader([good, new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 'x,y\n']);
    await rows.head();
    const { all, last } = await readAll(rows);
    expect(all).toHaveLength(40);
    expect(last.error).toMatch(/not UTF-8 text after line 41: the rows before it are sent/);
  });

  it('stops at a quote never closed, naming its line, after sending the rows before it', async () => {
    const rows = reader([`ServiceURI,MediaType\n${csv(30)}\n"https://a/x,image\n${csv(5)}`]);
    await rows.head();
    const { all, last } = await readAll(rows);
    expect(all).toHaveLength(30);
    expect(last.error).toMatch(/^Line 32 opens a quote/);
  });

  it('refuses a file that is not text from its start, before anything is sent', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x80, 0x81, 0x0a]);
    const head = await reader([zip]).head();
    expect(head.fileErrors).toEqual([
      'The file is not UTF-8 text (a spreadsheet, or another encoding?): nothing was sent. Save it as CSV UTF-8.',
    ]);
  });

  it('says an empty file is empty and a file without two columns cannot run', async () => {
    expect((await reader([]).head()).fileErrors).toEqual([
      'The file is empty: there are no rows to send.',
    ]);
    const oneColumn = await reader(['just words\nmore words\n']).head();
    expect(oneColumn.fileErrors.join(' ')).toMatch(/fewer than two columns/);
  });

  it('reports a quoted value with text after it, with its line', async () => {
    const rows = reader([`ServiceURI,MediaType\n${csv(3)}\n"https://a/q"x,image\n`]);
    await rows.head();
    const { last } = await readAll(rows);
    expect(last.problems[0]).toMatchObject({ line: 5 });
    expect(last.problems[0]?.message).toMatch(/text after its closing quote/);
  });
});
