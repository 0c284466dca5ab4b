/**
 * CSV text to checked bulk rows: the cells (papaparse, in chunks) and the row checks, as the
 * Bulk register page and `inode-console bulk` both read their input.
 */
import { parseCsvCells, type ParseCellsOptions } from './csv-cells.ts';
import { toBulkRows, type BulkRow } from './bulk-rows.ts';

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
export async function readBulkCsv(
  text: string,
  options: ParseCellsOptions = {},
): Promise<ParsedBulkInput> {
  const cells = await parseCsvCells(text, options);
  const { rows, hasHeader, fileErrors } = toBulkRows(cells.rows);
  return { rows, hasHeader, fileErrors, problems: cells.problems };
}
