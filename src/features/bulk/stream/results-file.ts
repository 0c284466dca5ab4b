/**
 * The results CSV of a streamed job, written as rows settle: lines are joined a few thousand at
 * a time into Blob parts, which the browser keeps outside the page's JavaScript heap (and may
 * put on disk), so the page never holds the results of every row. Same format as the page's
 * other downloads and the CLI's results (results-csv.ts).
 */
import type { BulkRow } from '../../../bulk-job/bulk-rows.ts';
import type { RowResult } from '../../../bulk-job/bulk-runner.ts';
import { resultLines, resultsHeader } from '../../../bulk-job/results-csv.ts';

const BOM = '\uFEFF';
/** Rows joined per Blob part: one string built per part, and few parts to keep track of. */
const LINES_PER_PART = 2_000;
/** Parts merged into one Blob beyond this, so the list stays short for any row count. */
const MAX_PARTS = 64;

/** @example const out = new ResultsFile(); out.add(row, result); download(out.blob()); */
export class ResultsFile {
  private parts: Blob[] = [];
  private pending: Array<readonly [BulkRow, RowResult]> = [];
  private lines = 0;

  add(row: BulkRow, result: RowResult): void {
    this.pending.push([row, result]);
    if (this.pending.length >= LINES_PER_PART) this.flush();
  }

  /** Rows written so far. */
  get count(): number {
    return this.lines + this.pending.length;
  }

  /** Everything written so far, as a CSV file with its header. */
  blob(): Blob {
    this.flush();
    return new Blob([BOM, resultsHeader(), '\r\n', ...this.parts], { type: 'text/csv' });
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(new Blob([resultLines(this.pending), '\r\n']));
    this.lines += this.pending.length;
    this.pending = [];
    if (this.parts.length > MAX_PARTS) this.parts = [new Blob(this.parts)];
  }
}
