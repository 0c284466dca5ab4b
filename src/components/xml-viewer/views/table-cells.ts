/**
 * The Table's cell texts. The first rows came with the table (all of a preview's; the first few
 * screens of the whole table's, which also size the columns); any other row's cells are asked of
 * the viewer's worker when the row is on screen, and at most MAX_FETCHED_ROWS rows are held, so
 * the page never holds a column of 100,000 values.
 */
import type { TransferredTable } from '../../../workers/viewer/viewer-worker-protocol.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import { FetchedWindow } from '../../virtual-rows/fetched-window.ts';

/** Where the other rows' cells come from: the viewer's worker. */
export type TableCellClient = Pick<ViewerWorkerClient, 'tableCells'>;

/** Rows held besides those that came with the table: many screens of 30 px rows. */
export const MAX_FETCHED_ROWS = 2000;

/** How many rows' values came with the table. */
export function rowsWithTable(table: TransferredTable): number {
  const first = table.packed[0];
  return first ? first.offsets.length - 1 : table.records.length;
}

export class TableCells {
  private readonly fetched: FetchedWindow<string[]>;
  private readonly localRows: number;

  /** @param onLoaded called when cells arrive (the view re-renders) */
  constructor(
    private readonly table: TransferredTable,
    client: TableCellClient | null,
    onLoaded: () => void,
    maxRows = MAX_FETCHED_ROWS,
  ) {
    this.localRows = rowsWithTable(table);
    this.fetched = new FetchedWindow(
      client && ((rows) => client.tableCells(rows)),
      onLoaded,
      maxRows,
    );
  }

  /** The cell's text, or undefined while its row is on its way from the worker. */
  text(column: number, row: number): string | undefined {
    if (row < this.localRows) {
      const packed = this.table.packed[column];
      return packed ? packed.text.slice(packed.offsets[row], packed.offsets[row + 1]) : '';
    }
    return this.fetched.get(row)?.[column];
  }

  /** Asks the worker, in one call, for the cells of these rows that did not come with the table. */
  want(rows: Iterable<number>): void {
    const wanted: number[] = [];
    for (const row of rows) if (row >= this.localRows) wanted.push(row);
    this.fetched.want(wanted);
  }

  /** Holds the cells of rows that came with a query's answer (the rows it put on screen). */
  put(rows: ArrayLike<number>, cells: readonly string[][]): void {
    const keys: number[] = [];
    const values: string[][] = [];
    for (let i = 0; i < rows.length && i < cells.length; i++) {
      const row = rows[i] ?? 0;
      if (row < this.localRows) continue;
      keys.push(row);
      values.push(cells[i] ?? []);
    }
    this.fetched.put(keys, values);
  }

  close(): void {
    this.fetched.close();
  }

  open(): void {
    this.fetched.open();
  }

  /** Rows held besides those that came with the table (tests). */
  get fetchedRows(): number {
    return this.fetched.size;
  }
}
