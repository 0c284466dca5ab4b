/**
 * CSV text to checked bulk rows: the cells (papaparse, in chunks) and the row checks, as the
 * Bulk register page and `inode-console bulk` both read their input.
 */
import { parseCsvCells, parsingCancelled, type ParseCellsOptions } from './csv-cells.ts';
import { bulkRowChecks, type BulkColumns, type BulkRow } from './bulk-rows.ts';
import { delimiterName } from './csv-cells.ts';
import { nextTurn } from '../tasks/next-turn.ts';

/**
 * Rows checked per task: about 25 ms on the page (checking a URI costs a few microseconds), so
 * a 100,000-row file is checked in some twenty turns instead of one half-second task.
 */
const ROWS_PER_TURN = 5_000;

export interface ParsedBulkInput {
  rows: BulkRow[];
  hasHeader: boolean;
  /** Which column is which, when there are rows (see `columnsInWords`). */
  columns: BulkColumns | null;
  /** The delimiter in words (comma, semicolon, tab, pipe). */
  delimiter: string;
  /**
   * Problems with the input as a whole (an unclosed quote, a missing column, too many rows);
   * nothing can run.
   */
  fileErrors: string[];
  /** Rows that did not read cleanly, in the console's words, with 1-based row numbers. */
  problems: Array<{ row: number; message: string }>;
}

/**
 * @example const { rows, fileErrors } = await readBulkCsv('ServiceURI,MediaType\nhttps://a,image');
 */
export interface ReadBulkCsvOptions extends ParseCellsOptions {
  /** Rows checked so far, before each turn given back to the page while the checks run. */
  onChecked?: (rowsChecked: number) => void;
}

export async function readBulkCsv(
  text: string,
  options: ReadBulkCsvOptions = {},
): Promise<ParsedBulkInput> {
  const cells = await parseCsvCells(text, options);
  const delimiter = delimiterName(cells.delimiter);
  if (cells.unclosedQuoteLine !== null) {
    // Every line after the quote was read into one value: refuse the input rather than merge.
    const message = `Line ${cells.unclosedQuoteLine} opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.`;
    return {
      rows: [],
      hasHeader: false,
      columns: null,
      delimiter,
      fileErrors: [message],
      problems: [],
    };
  }
  const { hasHeader, columns, fileErrors, count, check } = bulkRowChecks(cells.rows);
  const rows: BulkRow[] = new Array<BulkRow>(count);
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % ROWS_PER_TURN === 0) {
      options.onChecked?.(index);
      await nextTurn();
      if (options.signal?.aborted) throw parsingCancelled();
    }
    rows[index] = check(index);
  }
  return { rows, hasHeader, columns, delimiter, fileErrors, problems: cells.problems };
}
