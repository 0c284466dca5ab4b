import { describe, expect, it, vi } from 'vitest';
import { extractRecordTable } from '../../../xml/record-table.ts';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import { tableForPage } from '../../../workers/viewer/table-transfer.ts';
import { TableCells, rowsWithTable } from './table-cells.ts';

const xml = `<AssetStubs>${Array.from(
  { length: 50 },
  (_, i) => `<Stub ID="s${i}"><Title>T${i}</Title></Stub>`,
).join('')}</AssetStubs>`;
const whole = extractRecordTable(xml, analyzeXml(xml, { emitPretty: false }).index!)!;

/** Answers as the viewer's worker does; `asked` lists the rows of each call. */
function cellClient() {
  const asked: number[][] = [];
  return {
    asked,
    tableCells: vi.fn((rows: readonly number[]) => {
      asked.push([...rows]);
      return Promise.resolve(rows.map((row) => whole.values.map((column) => column.at(row))));
    }),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const idColumn = whole.columns.findIndex((column) => column.label === 'ID');
const titleColumn = whole.columns.findIndex((column) => column.label === 'Title');

describe('TableCells', () => {
  it('reads the rows that came with the table and asks the worker for the others only', async () => {
    const [table] = tableForPage(whole, 10);
    expect(rowsWithTable(table)).toBe(10);
    const client = cellClient();
    const loaded = vi.fn();
    const cells = new TableCells(table, client, loaded);
    expect(cells.text(titleColumn, 3)).toBe('T3');
    expect(cells.text(titleColumn, 30)).toBeUndefined();
    cells.want([8, 9, 10, 11, 30]);
    cells.want([10, 30]);
    expect(client.asked).toEqual([[10, 11, 30]]);
    await flush();
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(cells.text(titleColumn, 30)).toBe('T30');
    expect(cells.text(idColumn, 11)).toBe('s11');
    expect(cells.fetchedRows).toBe(3);
  });

  it('holds at most its bound of fetched rows, the least recently shown forgotten first', async () => {
    const [table] = tableForPage(whole, 0);
    const client = cellClient();
    const cells = new TableCells(table, client, () => undefined, 4);
    cells.want([0, 1, 2, 3]);
    await flush();
    cells.want([0]);
    cells.want([4, 5]);
    await flush();
    expect(cells.fetchedRows).toBe(4);
    expect(cells.text(titleColumn, 0)).toBe('T0');
    expect(cells.text(titleColumn, 1)).toBeUndefined();
    expect(cells.text(titleColumn, 5)).toBe('T5');
  });

  it('has every cell of a preview, and nothing to ask without a worker', () => {
    const [table] = tableForPage(whole);
    expect(rowsWithTable(table)).toBe(50);
    const cells = new TableCells(table, null, () => undefined);
    cells.want([49]);
    expect(cells.text(idColumn, 49)).toBe('s49');
    expect(cells.fetchedRows).toBe(0);
  });

  it("holds the cells a query's answer brought, those of the rows that came with the table aside", () => {
    const [table] = tableForPage(whole, 10);
    const client = cellClient();
    const cells = new TableCells(table, client, () => undefined);
    cells.put(Uint32Array.of(40, 3, 41), [
      ['x40', 'T40'],
      ['never', 'used'],
      ['x41', 'T41'],
    ]);
    expect(cells.fetchedRows).toBe(2);
    expect(cells.text(1, 41)).toBe('T41');
    expect(cells.text(titleColumn, 3)).toBe('T3');
    cells.want([40, 41]);
    expect(client.asked).toEqual([]);
  });
});
