/**
 * The page's side of the file reader: starts its worker, opens the file, and hands the job an
 * async iterable of checked rows, fetched a batch at a time with the next batch already asked
 * for, so the job never waits on the worker and the page holds at most two batches.
 */
import type { BulkRow } from '../../../bulk-job/bulk-rows.ts';
import { callWorker, type Calls } from '../../../workers/worker-call.ts';
import type { FileRowsApi, FileRowsBatch, FileRowsHead } from './file-rows-protocol.ts';

/** Rows per batch: a few milliseconds to clone, a second or two of sending. */
export const ROWS_PER_BATCH = 2_000;

export type BatchReport = Omit<FileRowsBatch, 'rows'> & { rows: number };

export interface FileRows {
  head: FileRowsHead;
  /** The rows after `skipThrough`, in file order; iterate once. */
  rows: AsyncIterable<BulkRow>;
  /** Ends reading (and the worker). */
  stop(): void;
}

export interface OpenFileRowsOptions {
  skipThrough?: number;
  /** Told after each batch: bytes read, problems, a read error. */
  onBatch?(report: BatchReport): void;
  /** The calls to use instead of a worker (tests). */
  calls?: Calls<FileRowsApi>;
}

function startWorker(): { calls: Calls<FileRowsApi>; stop(): void } {
  if (typeof Worker === 'undefined') {
    throw new Error('This browser cannot read a file in the background (no Web Worker).');
  }
  const worker = callWorker<FileRowsApi>(
    new Worker(new URL('./file-rows.worker.ts', import.meta.url), { type: 'module' }),
    { describeFailure: (detail) => detail || 'The file reader stopped unexpectedly.' },
  );
  return { calls: worker.calls, stop: () => worker.stop() };
}

/** @example const { head, rows } = await openFileRows(file); for await (const row of rows) … */
export async function openFileRows(
  file: File,
  options: OpenFileRowsOptions = {},
): Promise<FileRows> {
  const worker = options.calls ? { calls: options.calls, stop: () => {} } : startWorker();
  let head: FileRowsHead;
  try {
    head = await worker.calls.open(file, options.skipThrough ?? 0);
  } catch (error) {
    worker.stop();
    throw error;
  }
  let stopped = false;
  async function* rows(): AsyncGenerator<BulkRow> {
    // The batch asked for ahead is dropped, not reported, when the job stops first.
    const ask = () => {
      const asked = worker.calls.next(ROWS_PER_BATCH);
      asked.catch(() => undefined);
      return asked;
    };
    let next = ask();
    try {
      while (!stopped) {
        const batch = await next;
        if (!batch.done) next = ask();
        options.onBatch?.({ ...batch, rows: batch.rows.length });
        yield* batch.rows;
        if (batch.done) return;
      }
    } finally {
      stopped = true;
      worker.stop();
    }
  }
  return {
    head,
    rows: rows(),
    stop: () => {
      stopped = true;
      worker.stop();
    },
  };
}
