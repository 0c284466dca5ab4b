/**
 * Which rows the table shows: all, or only those needing attention.
 */
import type { BulkRow } from '../../bulk-job/bulk-rows.ts';
import type { RowResult } from '../../bulk-job/bulk-runner.ts';

export const ROW_FILTERS = {
  all: 'All rows',
  failed: 'Failed rows',
  problems: 'Rows with errors or warnings',
  unsent: 'Rows not sent yet',
} as const;

export type RowFilter = keyof typeof ROW_FILTERS;

export function isRowFilter(value: string): value is RowFilter {
  return Object.hasOwn(ROW_FILTERS, value);
}

/**
 * Indexes of the rows to show, in order; null means all (no array built for 10,000 rows).
 * @example filterRows(rows, (i) => runner.result(i), 'failed') // [3, 17]
 */
export function filterRows(
  rows: readonly BulkRow[],
  resultOf: (index: number, row: BulkRow) => RowResult,
  filter: RowFilter,
): number[] | null {
  if (filter === 'all') return null;
  const keep: number[] = [];
  rows.forEach((row, index) => {
    const state = resultOf(index, row).state;
    const shown =
      filter === 'failed'
        ? state === 'failed'
        : filter === 'problems'
          ? row.issues.length > 0
          : state === 'pending' || state === 'cancelled';
    if (shown) keep.push(index);
  });
  return keep;
}
