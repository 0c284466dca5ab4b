/**
 * How a bulk run ends in words: the summary line, and each row as a JUnit/JSON report case.
 */
import type { BulkRow } from '../../src/bulk-job/bulk-rows.ts';
import type { RowResult } from '../../src/bulk-job/bulk-runner.ts';
import { outcomeWord } from '../../src/bulk-job/results-csv.ts';
import { EXIT } from '../exit-codes.ts';
import type { ReportCase } from '../report.ts';
import type { Colors } from '../terminal.ts';

export interface BulkSummary {
  file: string;
  binding: string;
  shard: string;
  /** This shard's rows read. */
  rows: number;
  registered: number;
  registeredEarlier: number;
  failed: number;
  retries: number;
  invalid: number;
  repeatsSkipped: number;
  notSent: number;
  seconds: number;
  rowsPerSecond: number;
  resultsFile: string;
  stopReason: string | null;
  /** Why the file was read only up to a line. */
  csvFault: string | null;
  exitCode: number;
}

export function summaryLines(summary: BulkSummary, c: Colors): string {
  const s = summary;
  return [
    `${s.exitCode === EXIT.ok ? c.green('✔') : c.yellow('✖')} ${c.bold(`${s.registered} registered`)}, ${s.failed} failed` +
      `${s.registeredEarlier ? `, ${s.registeredEarlier} registered earlier` : ''}${s.invalid ? `, ${s.invalid} invalid (not sent)` : ''}` +
      `${s.repeatsSkipped ? `, ${s.repeatsSkipped} repeats sent once` : ''}${s.notSent ? `, ${s.notSent} not sent` : ''}` +
      `${s.retries ? `, ${s.retries} retries` : ''}` +
      ` in ${s.seconds.toFixed(1)} s (${s.rowsPerSecond} rows/s)`,
    `  Results: ${s.resultsFile}`,
  ].join('\n');
}

export function rowCase(
  row: BulkRow,
  result: RowResult,
  binding: string,
  exitCode: number | undefined,
): ReportCase {
  const word = outcomeWord(row, result);
  const base = {
    classname: `inode-console.bulk.AddUserAssetIndex.${binding}`,
    name: `row ${row.rowNumber}: ${row.ServiceURI} ${row.MediaType}`,
    timeSeconds: (result.durationMs ?? 0) / 1000,
  };
  if (result.state === 'succeeded')
    return { ...base, status: 'passed', message: `${word}: ${result.value ?? ''}` };
  if (result.state === 'failed') {
    const message = result.value ?? result.error ?? 'failed';
    return {
      ...base,
      status: exitCode === EXIT.businessFailure || result.value !== null ? 'failure' : 'error',
      message,
    };
  }
  const issues = row.issues.map((issue) => issue.message).join(' ');
  return { ...base, status: 'skipped', message: issues ? `${word}: ${issues}` : word };
}
