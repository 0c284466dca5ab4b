/**
 * The job's results as CSV (papaparse's unparse): one line per row, in input order.
 */
import Papa from 'papaparse';
import type { BulkItem, RowResult, RowState } from './bulk-runner.ts';

export const OUTCOME_WORDS: Record<RowState, string> = {
  pending: 'not sent',
  running: 'sending',
  succeeded: 'registered',
  failed: 'failed',
  cancelled: 'cancelled',
  skipped: 'skipped (invalid)',
};

/**
 * Cells that start with = + - @ are prefixed with ' (papaparse's escapeFormulae), so a
 * spreadsheet never runs a formula that came from the service or the input.
 * @example resultsCsv([{ ServiceURI: 'https://a', MediaType: 'image' }], [result])
 * // 'ServiceURI,MediaType,Outcome,Result\r\nhttps://a,image,registered,42'
 */
export function resultsCsv(items: readonly BulkItem[], results: readonly RowResult[]): string {
  const data = items.map((item, index) => {
    const result = results[index];
    const state = result?.state ?? 'pending';
    return [
      item.ServiceURI,
      item.MediaType,
      OUTCOME_WORDS[state],
      result?.value ?? result?.error ?? '',
    ];
  });
  return Papa.unparse(
    { fields: ['ServiceURI', 'MediaType', 'Outcome', 'Result'], data },
    { escapeFormulae: true },
  );
}
