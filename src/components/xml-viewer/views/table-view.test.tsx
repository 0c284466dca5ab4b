import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import { recordTableHead } from '../../../xml/record-table-head.ts';
import { nodePath } from '../../../xml/node-path.ts';
import type {
  ShownRows,
  TransferredTable,
} from '../../../workers/viewer/viewer-worker-protocol.ts';
import type { TableQuery } from '../../../xml/table-query.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import TableView from './table-view.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const xml = `<AssetStubs>${Array.from({ length: 30 }, (_, i) => `<Stub ID="${i}"><Title>T${i}</Title></Stub>`).join('')}</AssetStubs>`;

function forPage(limit: number, source = xml): TransferredTable {
  const table = recordTableHead(source, limit);
  if (!table) throw new Error('no table');
  return {
    ...table,
    packed: table.values.map((column) => {
      const values = column.slice();
      const offsets = new Uint32Array(values.length + 1);
      values.forEach((v, i) => (offsets[i + 1] = (offsets[i] ?? 0) + v.length));
      return { text: values.join(''), offsets };
    }),
  };
}

const noop = async () => {};

/** A query's answer that keeps the rows in order, with no cells. */
const unsortedAnswer = (rows: number) =>
  Promise.resolve({
    rows: Uint32Array.from({ length: rows }, (_, i) => i),
    rowCount: rows,
    whole: true,
    elapsedMs: 1,
    shownCells: [],
  });

/** The cells the mock workers below send for a row: its ID and its title. */
const cellsOf = (row: number) => [String(row), `T${row}`];

/** A query's answer as the worker sends it: `rows`, and the cells of those at `shown`. */
const answerOf = (
  rows: Uint32Array,
  rowCount: number | null,
  whole: boolean,
  shown: ShownRows,
) => ({
  rows,
  rowCount,
  whole,
  elapsedMs: 1,
  shownCells: Array.from(rows.subarray(shown.from, shown.to), cellsOf),
});

/** `table` in the view, with `client` as its worker (null: a preview). */
function renderTableOf(table: TransferredTable, client: ViewerWorkerClient | null) {
  render(
    <TableView
      table={table}
      client={client}
      fileName="stubs"
      onCopy={noop}
      onSelectPath={() => {}}
    />,
  );
}

/** A table of the first `records`, with `client` as its worker (null: a preview). */
function renderTable(records: number, client: ViewerWorkerClient | null) {
  renderTableOf(forPage(records), client);
}

/**
 * A preview of `records` records with no worker: their node ids only, the cells of the first
 * three; the others, never asked in a preview, stay "…".
 */
function renderRecordIdsOnly(records: number) {
  renderTableOf({ ...forPage(3), records: new Int32Array(records) }, null);
}

describe('TableView', () => {
  it('shows the first records as a preview: nothing to sort, filter or open yet', () => {
    renderTable(10, null);
    expect(screen.getByText(/First 10 Stub records · reading the rest/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Title' })).toBeDisabled();
    expect(screen.getByLabelText('Filter')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('offers sorting and filtering once the whole table is there', () => {
    const client = {
      queryTable: () => unsortedAnswer(29),
    } as unknown as ViewerWorkerClient;
    renderTable(29, client);
    expect(screen.getByText('29 of 29 Stub records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Title' })).toBeEnabled();
    expect(screen.getByLabelText('Filter')).toBeEnabled();
  });

  it('keeps its rows and the columns hidden in the preview when the whole table replaces it, and shows a column only the whole table has', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    // Records past the preview's carry a Size the first ones lack.
    const whole = xml.replace(
      '<Stub ID="29"><Title>T29</Title>',
      '<Stub ID="29"><Title>T29</Title><Size>9</Size>',
    );
    const client = {
      queryTable: () => unsortedAnswer(30),
      tableCells: (rows: readonly number[]) => Promise.resolve(rows.map(() => [])),
    } as unknown as ViewerWorkerClient;
    const props = { fileName: 'stubs', onCopy: noop, onSelectPath: () => {} };
    const { rerender } = render(<TableView table={forPage(10)} client={null} {...props} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'ID (attribute)' }));
    const firstRow = screen.getAllByRole('row')[1];
    rerender(<TableView table={forPage(30, whole)} client={client} {...props} />);
    expect(await screen.findByText('30 of 30 Stub records')).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toBe(firstRow);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Title', 'Size']);
    expect(screen.getByRole('checkbox', { name: 'ID (attribute)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Size' })).toBeChecked();
  });

  it("shows a record's XML and path and copies it as received, asked of the worker by its node", async () => {
    // jsdom has no layout: the rows' scroller is given a height.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const index = analyzeXml(xml).index;
    if (!index) throw new Error('no index');
    // Answers as the viewer's worker does, from its index.
    const asked: number[] = [];
    const client = {
      nodeSource: (node: number) => {
        asked.push(node);
        return Promise.resolve(xml.slice(index.start[node], index.end[node]));
      },
      nodePlace: (node: number) => Promise.resolve({ path: nodePath(index, node), line: 0 }),
      queryTable: () => unsortedAnswer(30),
    } as unknown as ViewerWorkerClient;
    const copied: string[] = [];
    const table = forPage(30);
    render(
      <TableView
        table={table}
        client={client}
        fileName="stubs"
        onCopy={(text) => {
          copied.push(text);
          return Promise.resolve();
        }}
        onSelectPath={() => {}}
      />,
    );
    await userEvent.click(await screen.findByText('T3'));
    const record = await screen.findByRole('region', { name: 'Stub 4 XML' });
    const source = '<Stub ID="3"><Title>T3</Title></Stub>';
    expect(await within(record).findByText(/<Title>T3<\/Title>/)).toBeInTheDocument();
    expect(asked).toEqual([table.records[3]]);
    expect(await within(record).findByText('/AssetStubs/Stub[4]')).toBeInTheDocument();
    await userEvent.click(within(record).getByRole('button', { name: 'Copy record' }));
    expect(copied).toEqual([source]);
  });

  it("shows rows beyond the table's first from the query's answer, and asks for the others", async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(150);
    // The scroller is 65vh until measured: 150 px from its first render on.
    vi.stubGlobal('innerHeight', 230);
    const whole = forPage(30);
    // The table as the worker sends it: the first 10 rows' values; the rest on request.
    const table: TransferredTable = {
      ...whole,
      packed: whole.packed.map(({ text, offsets }) => ({
        text: text.slice(0, offsets[10]),
        offsets: offsets.slice(0, 11),
      })),
    };
    const asked: number[] = [];
    const shownAsked: ShownRows[] = [];
    const client = {
      // Descending; this answer brings the cells of its first 5 rows (29 to 25) only.
      queryTable: (_query: TableQuery, shown: ShownRows) => {
        shownAsked.push(shown);
        const rows = Uint32Array.from({ length: 30 }, (_, i) => 29 - i);
        const brought = rows.subarray(shown.from, Math.min(shown.to, 5));
        return Promise.resolve({
          rows,
          rowCount: 30,
          whole: true,
          elapsedMs: 1,
          shownCells: Array.from(brought, cellsOf),
        });
      },
      tableCells: (rows: readonly number[]) => {
        asked.push(...rows);
        return Promise.resolve(rows.map(cellsOf));
      },
    } as unknown as ViewerWorkerClient;
    renderTableOf(table, client);
    expect(await screen.findByText('T29')).toBeInTheDocument();
    expect(await screen.findByText('T20')).toBeInTheDocument();
    // 6 rows on screen (the sixth partly) and 12 below: positions 0-17, rows 0-17 before the
    // sort, 29-12 after.
    expect(shownAsked[0]).toEqual({ from: 0, to: 18 });
    // Neither the rows that came with the table (0-9) nor those the answer brought (25-29).
    expect([...asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
  });

  it('asks the worker to rank a column first when its header is pointed at or focused, once', async () => {
    const rankFirst = vi.fn();
    const client = {
      queryTable: () => unsortedAnswer(29),
      rankFirst,
    } as unknown as ViewerWorkerClient;
    renderTable(29, client);
    await userEvent.hover(screen.getByRole('button', { name: 'Title' }));
    await userEvent.unhover(screen.getByRole('button', { name: 'Title' }));
    await userEvent.hover(screen.getByRole('button', { name: 'Title' }));
    expect(rankFirst.mock.calls).toEqual([[1]]);
    screen.getByRole('button', { name: 'ID' }).focus();
    expect(rankFirst.mock.calls).toEqual([[1], [0]]);
  });

  it("shows a sort's first rows at once and the others once the whole order follows", async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(150);
    vi.stubGlobal('innerHeight', 230);
    const byIdDescending = Uint32Array.from({ length: 30 }, (_, i) => 29 - i);
    let finishWhole: () => void = () => {};
    const asked: Array<{ query: TableQuery; firstRowsFirst: boolean }> = [];
    const client = {
      queryTable: (query: TableQuery, shown: ShownRows, firstRowsFirst = false) => {
        asked.push({ query, firstRowsFirst });
        if (query.sortColumn === null) return unsortedAnswer(30);
        // The sort's first answer: the screen's 4 first rows only.
        if (firstRowsFirst)
          return Promise.resolve(answerOf(byIdDescending.slice(0, 4), 30, false, shown));
        throw new Error('the whole answer is asked of queryTableWhenPrepared');
      },
      queryTableWhenPrepared: (query: TableQuery, shown: ShownRows) => {
        asked.push({ query, firstRowsFirst: false });
        return new Promise((resolve) => {
          finishWhole = () => resolve(answerOf(byIdDescending, 30, true, shown));
        });
      },
      tableCells: (rows: readonly number[]) => Promise.resolve(rows.map(cellsOf)),
      rankFirst: () => {},
    } as unknown as ViewerWorkerClient;
    renderTable(30, client);
    await screen.findByText('30 of 30 Stub records');
    await userEvent.click(screen.getByRole('button', { name: 'ID' }));
    await userEvent.click(screen.getByRole('button', { name: 'ID' }));
    const grid = screen.getByRole('table');
    await vi.waitFor(() => expect(grid).toHaveAttribute('aria-busy', 'true'));
    const firstCells = () =>
      screen
        .getAllByRole('row')
        .slice(1, 7)
        .map((row) => row.textContent);
    // The first four in order; the rows after them wait, marked busy, for the whole order.
    expect(firstCells()).toEqual(['29T29', '28T28', '27T27', '26T26', '……', '……']);
    expect(screen.getByText('30 of 30 Stub records')).toBeInTheDocument();
    // The whole order is asked for once the first rows are painted.
    const descending = { sortColumn: 0, sortDirection: 'desc', filter: '' };
    const asksForDescending = () =>
      asked.filter(({ query }) => query.sortDirection === 'desc').map((ask) => ask.firstRowsFirst);
    await vi.waitFor(() => expect(asksForDescending()).toEqual([true, false]));
    expect(asked.at(-1)?.query).toEqual(descending);
    finishWhole();
    await vi.waitFor(() => expect(grid).toHaveAttribute('aria-busy', 'false'));
    await vi.waitFor(() =>
      expect(firstCells()).toEqual(['29T29', '28T28', '27T27', '26T26', '25T25', '24T24']),
    );
  });

  it("shows a filter's first matches, counting, then the whole answer with its count", async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(150);
    vi.stubGlobal('innerHeight', 230);
    // 'T1' matches rows 1 and 10-19.
    const matches = Uint32Array.of(1, ...Array.from({ length: 10 }, (_, i) => 10 + i));
    let finishWhole: () => void = () => {};
    const client = {
      queryTable: (query: TableQuery, shown: ShownRows, firstRowsFirst = false) => {
        if (query.filter === '') return unsortedAnswer(30);
        // The first answer brings three matches, uncounted.
        if (firstRowsFirst)
          return Promise.resolve(answerOf(matches.slice(0, 3), null, false, shown));
        throw new Error('the whole answer is asked of queryTableWhenPrepared');
      },
      queryTableWhenPrepared: (_query: TableQuery, shown: ShownRows) =>
        new Promise((resolve) => {
          finishWhole = () => resolve(answerOf(matches, 11, true, shown));
        }),
      tableCells: (rows: readonly number[]) => Promise.resolve(rows.map(cellsOf)),
    } as unknown as ViewerWorkerClient;
    renderTable(30, client);
    await screen.findByText('30 of 30 Stub records');
    await userEvent.type(screen.getByLabelText('Filter'), 'T1');
    expect(
      await screen.findByText('First 3 matches of 30 Stub records · counting…'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    // The whole answer is asked for once the first matches are painted.
    await vi.waitFor(() => {
      finishWhole();
      expect(screen.getByText('11 of 30 Stub records')).toBeInTheDocument();
    });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    // The fourth match, not in the first answer.
    expect(screen.getAllByRole('row')[4]?.textContent).toBe('12T12');
  });

  it('tells its worker when its rows scroll (the worker then holds its work between requests)', async () => {
    const pageScrolling = vi.fn();
    const client = {
      queryTable: () => unsortedAnswer(30),
      tableCells: (rows: readonly number[]) => Promise.resolve(rows.map(cellsOf)),
      rankFirst: () => {},
      pageScrolling,
    } as unknown as ViewerWorkerClient;
    renderTable(30, client);
    await screen.findByText('30 of 30 Stub records');
    const scroller = document.querySelector<HTMLElement>('.xv-grid-scroll')!;
    scroller.scrollTop = 90;
    scroller.dispatchEvent(new Event('scroll'));
    expect(pageScrolling).toHaveBeenCalledTimes(1);
  });

  it('moves the elements of rows scrolled out to the rows scrolled in, and lets go of the focus a moved row held', async () => {
    vi.stubGlobal('innerHeight', 400);
    renderRecordIdsOnly(1_000);
    const rowElement = (index: number) =>
      document.querySelector<HTMLElement>(`.xv-grid-scroll [aria-rowindex="${index + 2}"]`);
    const scroller = document.querySelector<HTMLElement>('.xv-grid-scroll')!;
    const scrollTo = async (top: number, firstIndex: number) => {
      scroller.scrollTop = top;
      scroller.dispatchEvent(new Event('scroll'));
      await vi.waitFor(() => expect(rowElement(firstIndex - 1)).toBeNull());
      expect(rowElement(firstIndex)).not.toBeNull();
    };
    // Row 30 at the top: 12 rows of overscan above it, 10 on screen and 12 below (18 to 51).
    await scrollTo(30 * 30, 18);
    const before = new Set(document.querySelectorAll('.xv-grid-scroll [role="row"]'));
    const kept = rowElement(35);
    rowElement(40)!.focus();
    // 5 rows down: rows 18 to 22 leave the window, 52 to 56 come in, in their elements.
    await scrollTo(35 * 30, 23);
    expect(rowElement(35)).toBe(kept);
    expect(rowElement(40)).toBe(document.activeElement);
    const after = new Set(document.querySelectorAll('.xv-grid-scroll [role="row"]'));
    expect(after.size).toBe(34);
    expect([...after].every((row) => before.has(row))).toBe(true);
    // Row 40 scrolls out: its element shows another row now, and has no focus.
    await scrollTo(60 * 30, 48);
    expect(rowElement(40)).toBeNull();
    expect(document.activeElement?.getAttribute('role')).not.toBe('row');
  });

  it('keeps a few rows in the DOM at 3,000,000 records and reaches the last one by scrolling', async () => {
    vi.stubGlobal('innerHeight', 400);
    const records = 3_000_000;
    renderRecordIdsOnly(records);
    const rowsShown = () =>
      Array.from(document.querySelectorAll('.xv-grid-scroll [role="row"]'), (row) =>
        Number(row.getAttribute('aria-rowindex')),
      );
    // 65vh of 400 px: 260 px, up to 10 rows of 30 px partly or wholly shown, and 12 below.
    expect(rowsShown()).toEqual(Array.from({ length: 22 }, (_, i) => i + 2));
    const scroller = document.querySelector<HTMLElement>('.xv-grid-scroll');
    const spacer = scroller?.firstElementChild as HTMLElement;
    // 90 million pixels of rows: the spacer stays under every browser's limit.
    expect(Number.parseFloat(spacer.style.height)).toBeLessThanOrEqual(8_000_000);
    scroller!.scrollTop = 8_000_000;
    scroller!.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(rowsShown().at(-1)).toBe(records + 1));
    expect(rowsShown().length).toBeLessThan(30);
  });
});
