/**
 * The results file of `inode-console bulk`, written as the job goes: one CSV line per row as it
 * settles (a synchronous append, so a crash loses at most the rows in flight), the rows never
 * sent at the end. `--resume` reads it back (src/bulk-job/resume.ts).
 */
import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import type { BulkRow } from '../src/bulk-job/bulk-rows.ts';
import type { RowResult } from '../src/bulk-job/bulk-runner.ts';
import { resultLines, resultsHeader } from '../src/bulk-job/results-csv.ts';

export class ResultsLog {
  private fd: number | null;

  /** Opens `path` for appending; a new or empty file gets the header (after a UTF-8 BOM). */
  constructor(
    readonly path: string,
    private readonly redact: (text: string) => string,
  ) {
    const fresh = !existsSync(path) || statSync(path).size === 0;
    this.fd = openSync(path, 'a');
    if (fresh) writeSync(this.fd, `\uFEFF${resultsHeader()}\r\n`);
  }

  write(row: BulkRow, result: RowResult): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${this.redact(resultLines([[row, result]]))}\r\n`);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
