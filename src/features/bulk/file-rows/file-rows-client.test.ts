import { describe, expect, it } from 'vitest';
import { createRowChecker } from '../../../bulk-job/row-stream.ts';
import { localCalls, type Calls } from '../../../workers/worker-call.ts';
import { fileRowsApi } from './file-rows-api.ts';
import { openFileRows, ROWS_PER_BATCH, type BatchReport } from './file-rows-client.ts';
import type { FileRowsApi } from './file-rows-protocol.ts';

const csv = (rows: number) =>
  ['ServiceURI,MediaType']
    .concat(Array.from({ length: rows }, (_, i) => `https://a/${i},image`))
    .join('\n');

/** The reader's calls in this thread, counting the batches asked for. */
function countingCalls(): { calls: Calls<FileRowsApi>; asked: () => number } {
  const api = fileRowsApi(() => createRowChecker());
  let asked = 0;
  const calls = localCalls<FileRowsApi>({
    open: (file, skip) => api.open(file, skip),
    next: (max) => {
      asked += 1;
      return api.next(max);
    },
  });
  return { calls, asked: () => asked };
}

describe('openFileRows', () => {
  it('hands out every row in order, one batch asked for ahead of the one being sent', async () => {
    const { calls, asked } = countingCalls();
    const reports: BatchReport[] = [];
    const rows = await openFileRows(new File([csv(5_000)], 'a.csv'), {
      calls,
      onBatch: (report) => reports.push(report),
    });
    expect(rows.head.fileErrors).toEqual([]);
    let count = 0;
    for await (const row of rows.rows) {
      count += 1;
      expect(row.rowNumber).toBe(count);
      // While the first batch is being used, the second is already asked for, no more.
      if (count === 1) expect(asked()).toBe(2);
    }
    expect(count).toBe(5_000);
    expect(reports.map((report) => report.rows)).toEqual([ROWS_PER_BATCH, ROWS_PER_BATCH, 1_000]);
    expect(reports.at(-1)?.done).toBe(true);
  });

  it('stops reading when the job stops taking rows', async () => {
    const { calls, asked } = countingCalls();
    const rows = await openFileRows(new File([csv(20_000)], 'a.csv'), { calls });
    for await (const row of rows.rows) if (row.rowNumber === 10) break;
    expect(asked()).toBe(2);
  });
});
