/**
 * A job's results as CSV, the one format the page downloads and the `inode-console bulk` command
 * writes as it goes, and the one `--resume` reads back. Cells are written as papaparse's unparse
 * writes them (`csvCell`), without building its per-call state for every line: a results line a
 * row is the CLI's hot path.
 */
import { escapeFormula } from '../text/spreadsheet-formula.ts';
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

/** What makes papaparse quote a cell: a quote, comma, line break or BOM, or a space at either end. */
const NEEDS_QUOTES = /["\r\n,\uFEFF]|^ | $/;

/**
 * One comma-separated cell as papaparse's unparse writes it: quoted (quotes doubled) when it
 * needs to be; with `escapeFormulae`, a cell the console's formula rule escapes (`escapeFormula`,
 * as papaparse's `escapeFormulae: SPREADSHEET_FORMULA` does) gets a ' in front and is quoted, so a
 * spreadsheet never runs a formula that came from the service or the input.
 * @example csvCell('a,b') // '"a,b"'; csvCell('=1+1', true) // '"\'=1+1"'; csvCell('-5', true) // '-5'
 */
export function csvCell(cell: string, escapeFormulae = false): string {
  const value = escapeFormulae ? escapeFormula(cell) : cell;
  // An escaped cell is quoted whatever it holds, as papaparse quotes it.
  return value !== cell || NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * One row's results line (no line break), formulas neutralized (`csvCell`).
 * @example resultLine(row, result) // '1,https://a,image,registered,42'
 */
export function resultLine(row: BulkRow, result: RowResult): string {
  return `${row.rowNumber},${csvCell(row.ServiceURI, true)},${csvCell(row.MediaType, true)},${csvCell(outcomeWord(row, result), true)},${csvCell(resultText(row, result), true)}`;
}

/**
 * A row's Result in words: the service's answer or the failure; for a row not sent, why (its
 * issues: an empty cell, a repeated header, "Same as row N").
 * @example resultText(row, SKIPPED) // 'MediaType is empty.'
 */
export function resultText(row: Pick<BulkRow, 'issues'>, result: RowResult): string {
  return result.state === 'skipped'
    ? row.issues.map((issue) => issue.message).join(' ')
    : (result.value ?? result.error ?? '');
}

/**
 * CSV lines (CRLF-separated, no header, no final newline) for some rows (`resultLine`).
 * @example resultLines([[row, result]]) // '1,https://a,image,registered,42'
 */
export function resultLines(entries: ReadonlyArray<readonly [BulkRow, RowResult]>): string {
  return entries.map(([row, result]) => resultLine(row, result)).join('\r\n');
}

/** The header line of a results file. */
export function resultsHeader(): string {
  return RESULT_COLUMNS.join(',');
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
