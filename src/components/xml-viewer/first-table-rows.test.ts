import { describe, expect, it } from 'vitest';
import { firstTableRows, tableRowsOfPrefix } from './first-table-rows.ts';
import { recordTableHead } from '../../xml/record-table-head.ts';
import { tableForPage } from '../../workers/viewer/table-transfer.ts';

const LIMIT = 50 * 1024 * 1024;
const stubs = (count: number, title: (n: number) => string = (n) => `T &amp; ${n}`) =>
  `<AssetStubs>${Array.from({ length: count }, (_, n) => `<Stub ID="${n}"><Title>${title(n)}</Title></Stub>`).join('\n')}</AssetStubs>`;

describe('firstTableRows', () => {
  it("gives the worker's preview of a large payload, read from a prefix", () => {
    const xml = stubs(20_000);
    const rows = firstTableRows(xml, xml.length, LIMIT);
    const [fromWorker] = tableForPage(recordTableHead(xml, 200)!);
    expect(rows?.records).toHaveLength(200);
    expect(rows).toEqual(fromWorker);
  });

  it('is null for a payload small enough that the whole table comes at once, or over the limit', () => {
    expect(firstTableRows(stubs(300), stubs(300).length, LIMIT)).toBeNull();
    const large = stubs(20_000);
    expect(firstTableRows(large, large.length, large.length - 1)).toBeNull();
  });

  it('is null when the first records do not end within the prefix', () => {
    const huge = stubs(300, () => 'x'.repeat(4_000));
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    expect(firstTableRows(huge, huge.length, LIMIT)).toBeNull();
    expect(recordTableHead(huge, 200)?.records).toHaveLength(200);
  });
});

describe('tableRowsOfPrefix (the head of an answer still arriving)', () => {
  it('gives the records that end within the cut, the same as the whole table gives them', () => {
    const xml = stubs(1_000);
    const cut = xml.indexOf('<Stub ID="57">') + 10;
    const rows = tableRowsOfPrefix(xml.slice(0, cut));
    const [fromWhole] = tableForPage(recordTableHead(xml, 57)!);
    expect(rows?.records).toHaveLength(57);
    expect(rows).toEqual(fromWhole);
    expect(tableRowsOfPrefix(xml.slice(0, 5_000_000))?.records).toHaveLength(200);
  });

  it('stops before a malformed record, and is null when no whole record comes first', () => {
    const xml = stubs(1_000);
    expect(tableRowsOfPrefix(xml.slice(0, xml.indexOf('</Stub>')))).toBeNull();
    const broken = xml.replace('<Title>T &amp; 3</Title>', '<Title>T &amp; 3</Titel>');
    expect(tableRowsOfPrefix(broken.slice(0, 20_000))?.records).toHaveLength(3);
    expect(tableRowsOfPrefix(broken.replace('<Stub ID="0">', '<Stub ID="0>'))).toBeNull();
  });
});
