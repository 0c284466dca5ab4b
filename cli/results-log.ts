/**
 * The results files of `inode-console bulk`, written as the job goes: one CSV line per row as it
 * settles and, with `--results-jsonl`, the same as JSON lines. Lines are appended in batches (one
 * synchronous write every FLUSH_MS or FLUSH_CHARS, whichever comes first, and before the
 * journal's checkpoint reads the size): a write per row cost about 30 µs, a tenth of the
 * command's CPU per row. A crash loses at most the last batch: those rows have a journal `S`
 * line and no results line, so a resume holds them in doubt and asks the service before sending
 * them again. `--resume` reads the CSV back (src/bulk-job/resume.ts, or the journal's
 * reconciliation below).
 */
import {
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import Papa from 'papaparse';
import type { BulkRow } from '../src/bulk-job/bulk-rows.ts';
import type { RowResult } from '../src/bulk-job/bulk-runner.ts';
import {
  isRegisteredOutcome,
  outcomeWord,
  resultLine,
  resultsHeader,
} from '../src/bulk-job/results-csv.ts';
import type { RetryReason } from '../src/bulk-job/retry-policy.ts';

const FLUSH_MS = 20;
const FLUSH_CHARS = 64 * 1024;

export class ResultsLog {
  private fd: number | null;
  private jsonFd: number | null = null;
  private bytes: number;
  private pending: string[] = [];
  private pendingJson: string[] = [];
  private pendingChars = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Opens `path` for appending; a new or empty file gets the header (after a UTF-8 BOM). */
  constructor(
    readonly path: string,
    private readonly redact: (text: string) => string,
    jsonlPath?: string,
  ) {
    const fresh = !existsSync(path) || statSync(path).size === 0;
    this.fd = openSync(path, 'a');
    this.bytes = fresh ? 0 : statSync(path).size;
    if (fresh) this.append(`\uFEFF${resultsHeader()}\r\n`);
    if (jsonlPath !== undefined) this.jsonFd = openSync(jsonlPath, 'a');
  }

  /** Bytes in the CSV file so far, every line written before included (flushes them). */
  get size(): number {
    this.flush();
    return this.bytes;
  }

  write(row: BulkRow, result: RowResult, retryReason: RetryReason | null = null): void {
    if (this.fd === null) return;
    this.queue(this.pending, `${resultLine(row, result)}\r\n`);
    if (this.jsonFd !== null) {
      const line = JSON.stringify({
        row: row.rowNumber,
        ServiceURI: row.ServiceURI,
        MediaType: row.MediaType,
        outcome: outcomeWord(row, result),
        value: result.value,
        error: result.error,
        attempts: result.attempts,
        retryReason,
        ms: result.durationMs === null ? null : Math.round(result.durationMs),
      });
      this.queue(this.pendingJson, `${line}\n`);
    }
  }

  /** Writes the lines still waiting, redacted in one pass a batch. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pendingChars = 0;
    if (this.pending.length > 0) {
      const text = this.redact(this.pending.join(''));
      this.pending = [];
      this.append(text);
    }
    if (this.pendingJson.length > 0 && this.jsonFd !== null) {
      writeSync(this.jsonFd, this.redact(this.pendingJson.join('')));
      this.pendingJson = [];
    }
  }

  close(): void {
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    if (this.jsonFd !== null) closeSync(this.jsonFd);
    this.fd = null;
    this.jsonFd = null;
  }

  private queue(lines: string[], line: string): void {
    lines.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private append(text: string): void {
    if (this.fd === null) return;
    const buffer = Buffer.from(text, 'utf8');
    writeSync(this.fd, buffer);
    this.bytes += buffer.length;
  }
}

/** Outcomes that settle a row for good in a results line (sending it again would repeat it). */
function isFinal(outcome: string): boolean {
  return isRegisteredOutcome(outcome) || outcome.startsWith('skipped');
}

/**
 * After a crash: the results file from `offset` on (the lines the journal's checkpoint does not
 * cover) is read; a torn last line is cut off, and rows whose line says registered or skipped
 * are marked done (their journal line may have been lost with the process).
 * @returns how many rows were found done that the journal did not know
 */
export function reconcileResults(
  path: string,
  offset: number,
  done: { markDone(row: number): boolean },
): number {
  if (!existsSync(path)) return 0;
  const fd = openSync(path, 'r+');
  try {
    const size = statSync(path).size;
    const from = Math.min(offset, size);
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    const lastEnd = buffer.lastIndexOf(10);
    if (lastEnd + 1 < buffer.length) ftruncateSync(fd, from + lastEnd + 1);
    const text = buffer.subarray(0, lastEnd + 1).toString('utf8');
    let found = 0;
    for (const cells of Papa.parse<string[]>(text, { skipEmptyLines: true }).data) {
      const row = Number(cells[0]);
      if (Number.isInteger(row) && row > 0 && isFinal(cells[3] ?? '') && done.markDone(row))
        found += 1;
    }
    return found;
  } finally {
    closeSync(fd);
  }
}
