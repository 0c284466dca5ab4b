/**
 * CSV text to checked bulk rows: the cells (papaparse, in chunks) and the row checks, as the
 * Bulk register page and `inode-console bulk` both read their input.
 */
import {
  parseCsvCells,
  parsingCancelled,
  yieldToPage,
  type ParseCellsOptions,
} from './csv-cells.ts';
import { bulkRowChecks, type BulkRow } from './bulk-rows.ts';

/**
 * Rows checked per task: about 25 ms on the page (checking a URI costs a few microseconds), so
 * a 100,000-row file is checked in some twenty turns instead of one half-second task.
 */
const ROWS_PER_TURN = 5_000;

export interface ParsedBulkInput {
  rows: BulkRow[];
  hasHeader: boolean;
  /** Problems with the input as a whole (missing column, too many rows); nothing can run. */
  fileErrors: string[];
  /** papaparse's notes (unclosed quotes...), with 1-based row numbers. */
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
  const { hasHeader, fileErrors, count, check } = bulkRowChecks(cells.rows);
  const rows: BulkRow[] = new Array<BulkRow>(count);
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % ROWS_PER_TURN === 0) {
      options.onChecked?.(index);
      await yieldToPage();
      if (options.signal?.aborted) throw parsingCancelled();
    }
    rows[index] = check(index);
  }
  return { rows, hasHeader, fileErrors, problems: cells.problems };
}
