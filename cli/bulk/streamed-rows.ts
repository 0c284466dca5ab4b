/**
 * The rows of a streamed bulk file as a job sends them: cells from the CSV source, checked one
 * by one (src/bulk-job/row-stream.ts), the shard's rows only, rows done by an earlier run left
 * out, invalid rows and repeats settled here without a call (`onNotSent`). What comes out is
 * what the runner sends, pulled lazily; the header is read before anything is returned, so a
 * file without its columns is refused before a single call.
 */
import { createRowChecker, type RowChecker } from '../../src/bulk-job/row-stream.ts';
import { SKIPPED, PENDING, type RowResult } from '../../src/bulk-job/bulk-runner.ts';
import { startingResult, type BulkColumns, type BulkRow } from '../../src/bulk-job/bulk-rows.ts';
import { inShard, type Shard } from '../../src/bulk-job/shard.ts';
import type { CsvSource } from './csv-source.ts';
import { UsageError } from '../exit-codes.ts';

export interface FeedOptions {
  shard: Shard;
  skipRepeats: boolean;
  /** Done by an earlier run (journal): not sent, not written again. */
  isDone: (row: BulkRow) => boolean;
  /** Registered by an earlier run per a results file (pair-key resume): its value. */
  earlierValue: (row: BulkRow) => string | undefined;
  /** A row settled without a call: skipped (invalid, repeat) or registered earlier. */
  onNotSent: (row: BulkRow, result: RowResult) => void;
}

export interface FeedCounts {
  /** Data rows read from the file (all shards). */
  read: number;
  /** This shard's rows. */
  inShard: number;
  invalid: number;
  repeats: number;
  /** Done by an earlier run (journal or results file). */
  earlier: number;
  /** This shard's rows handed to the runner. */
  toSend: number;
}

export interface RowFeed {
  columns: BulkColumns;
  hasHeader: boolean;
  checker: RowChecker;
  counts: FeedCounts;
  /** The rows to send; the runner may stop early: `rows` then goes on where it stopped. */
  rows: AsyncIterable<BulkRow>;
  /** True once the file has been read to its end (or its fault). */
  readonly ended: boolean;
}

/** @throws UsageError when the file as a whole cannot be used (no columns, no rows). */
export async function openRowFeed(
  file: string,
  source: CsvSource,
  options: FeedOptions,
): Promise<RowFeed> {
  const checker = createRowChecker();
  const batches = source.batches();
  const counts: FeedCounts = {
    read: 0,
    inShard: 0,
    invalid: 0,
    repeats: 0,
    earlier: 0,
    toSend: 0,
  };
  let ready: BulkRow[] = [];
  let ended = false;
  while (checker.columns === null && checker.fileErrors.length === 0 && !ended) {
    const next = await batches.next();
    if (next.done) {
      ready = checker.end();
      ended = true;
    } else ready = checker.push(next.value);
  }
  if (checker.fileErrors.length > 0)
    throw new UsageError(`${file}: ${checker.fileErrors.join(' ')}`);
  if (checker.columns === null || (ended && ready.length === 0))
    throw new UsageError(`${file} has no rows.`);
  const columns = checker.columns;

  /** The row to send, or null when it is settled here (or not this shard's). */
  const admit = (row: BulkRow): BulkRow | null => {
    counts.read += 1;
    if (!inShard(row.rowNumber, options.shard)) return null;
    counts.inShard += 1;
    if (options.isDone(row)) {
      counts.earlier += 1;
      return null;
    }
    const start = startingResult(row, options.skipRepeats);
    if (start.state === 'skipped') {
      if (row.issues.some((issue) => issue.severity === 'error')) counts.invalid += 1;
      else counts.repeats += 1;
      options.onNotSent(row, SKIPPED);
      return null;
    }
    const value = options.earlierValue(row);
    if (value !== undefined) {
      counts.earlier += 1;
      options.onNotSent(row, { ...PENDING, state: 'succeeded', value });
      return null;
    }
    counts.toSend += 1;
    return row;
  };

  async function* all(): AsyncGenerator<BulkRow> {
    for (const row of ready) {
      const admitted = admit(row);
      if (admitted) yield admitted;
    }
    ready = [];
    if (ended) return;
    for (;;) {
      const next = await batches.next();
      const rows = next.done ? checker.end() : checker.push(next.value);
      for (const row of rows) {
        const admitted = admit(row);
        if (admitted) yield admitted;
      }
      if (next.done) break;
    }
    ended = true;
  }
  const iterator = all();
  // The runner calls return() when it stops; the feed stays open for the rows not sent.
  const rows: AsyncIterable<BulkRow> = {
    [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }),
  };
  return {
    columns,
    hasHeader: checker.hasHeader,
    checker,
    counts,
    rows,
    get ended() {
      return ended;
    },
  };
}
