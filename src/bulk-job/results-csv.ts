/**
 * A job's results as CSV (papaparse's unparse), the one format the page downloads and the
 * `inode-console bulk` command writes as it goes, and the one `--resume` reads back.
 */
import Papa from 'papaparse';
import type { RowResult, RowState } from './bulk-runner.ts';
import type { BulkRow } from './bulk-rows.ts';

export const RESULT_COLUMNS = ['Row', 'ServiceURI', 'MediaType', 'Outcome', 'Result'] as const;

const OUTCOME_WORDS: Record<RowState, string> = {
  pending: 'not sent',
  running: 'sending',
  succeeded: 'registered',
  failed: 'failed',
  cancelled: 'cancelled',
  skipped: 'skipped (invalid)',
};

/** A row registered by an earlier run and taken over by `--resume` (never sent this time). */
export const REGISTERED_EARLIER = 'registered (earlier run)';

/**
 * The outcome of a row in words, the same on the page, in the CSV and in the terminal.
 * @example outcomeWord(row, { state: 'skipped', ... }) // 'skipped (repeat)' when row repeats another
 */
export function outcomeWord(
  row: Pick<BulkRow, 'duplicateOf' | 'issues'>,
  result: RowResult,
): string {
  if (result.state === 'succeeded' && result.attempts === 0) return REGISTERED_EARLIER;
  if (
    result.state === 'skipped' &&
    row.duplicateOf !== null &&
    row.issues.every((issue) => issue.severity !== 'error')
  ) {
    return 'skipped (repeat)';
  }
  return OUTCOME_WORDS[result.state];
}

/** Whether an Outcome cell says the row is registered (this run or an earlier one). */
export function isRegisteredOutcome(outcome: string): boolean {
  return outcome === OUTCOME_WORDS.succeeded || outcome === REGISTERED_EARLIER;
}

function cellsOf(row: BulkRow, result: RowResult): string[] {
  return [
    String(row.rowNumber),
    row.ServiceURI,
    row.MediaType,
    outcomeWord(row, result),
    result.value ?? result.error ?? '',
  ];
}

/**
 * CSV lines (CRLF-separated, no header, no final newline) for some rows. Cells that start with
 * = + - @ are prefixed with ' (papaparse's escapeFormulae), so a spreadsheet never runs a
 * formula that came from the service or the input.
 * @example resultLines([[row, result]]) // '1,https://a,image,registered,42'
 */
export function resultLines(entries: ReadonlyArray<readonly [BulkRow, RowResult]>): string {
  return Papa.unparse(
    entries.map(([row, result]) => cellsOf(row, result)),
    { escapeFormulae: true },
  );
}

/** The header line of a results file. */
export function resultsHeader(): string {
  return Papa.unparse([RESULT_COLUMNS.slice()]);
}

/**
 * The whole results CSV, one line per row in input order.
 * @example resultsCsv(rows, (i) => runner.result(i))
 * // 'Row,ServiceURI,MediaType,Outcome,Result\r\n1,https://a,image,registered,42'
 */
export function resultsCsv(
  rows: readonly BulkRow[],
  resultOf: (index: number) => RowResult,
): string {
  const body = resultLines(rows.map((row, index) => [row, resultOf(index)] as const));
  return body === '' ? resultsHeader() : `${resultsHeader()}\r\n${body}`;
}
