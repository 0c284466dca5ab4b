import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { createRowChecker } from '../../../bulk-job/row-stream.ts';
import type { RegisterFn } from '../../../bulk-job/bulk-runner.ts';
import { localCalls } from '../../../workers/worker-call.ts';
import { fileRowsApi } from '../file-rows/file-rows-api.ts';
import type { FileRowsApi } from '../file-rows/file-rows-protocol.ts';
import { MAX_FAILURES_SHOWN, RECENT_ROWS, StreamJob, type StreamJobStart } from './stream-job.ts';
import { fileKey, readProgress } from './stream-resume.ts';
import { errorMessage } from '../../../text/error-message.ts';

const calls = () => localCalls<FileRowsApi>(fileRowsApi(() => createRowChecker()));

function file(rows: string[], name = 'rows.csv'): File {
  return new File([['ServiceURI,MediaType', ...rows].join('\n')], name, { lastModified: 1 });
}

const uris = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => `https://a/${tag}/${i},image`);

function start(overrides: Partial<StreamJobStart> & Pick<StreamJobStart, 'file' | 'register'>) {
  return StreamJob.begin({
    describeError: errorMessage,
    settings: { ratePerSecond: null, concurrency: 8, adaptive: false, retries: 0 },
    skipDuplicates: true,
    maxFailures: null,
    resumeFrom: null,
    fileRowsCalls: calls(),
    ...overrides,
  });
}

async function resultRows(job: StreamJob): Promise<string[][]> {
  return Papa.parse<string[]>(await job.results.blob().text(), { skipEmptyLines: true }).data.slice(
    1,
  );
}

describe('StreamJob', () => {
  it('sends every valid row once, writes skipped ones, and keeps bounded lists', async () => {
    const sent: string[] = [];
    const register: RegisterFn = async (item) => {
      sent.push(item.ServiceURI);
      return item.ServiceURI.endsWith('7') ? 'ERROR: refused' : `id-${sent.length}`;
    };
    const rows = uris(3_000, 'one');
    rows.splice(5, 0, ',image', rows[0] ?? '');
    const job = start({ file: file(rows), register });
    await job.whenDone();
    const view = job.getView();
    expect(view.phase).toBe('finished');
    expect(sent).toHaveLength(3_000);
    expect(new Set(sent).size).toBe(3_000);
    expect(view.counts).toMatchObject({ succeeded: 2_700, failed: 300, skipped: 2 });
    expect(view.failures).toHaveLength(MAX_FAILURES_SHOWN);
    expect(view.failuresNotShown).toBe(100);
    expect(view.recent).toHaveLength(RECENT_ROWS);
    const results = await resultRows(job);
    expect(results).toHaveLength(3_002);
    expect(results.filter((row) => row[3] === 'skipped (invalid)')).toHaveLength(1);
    expect(results.filter((row) => row[3] === 'skipped (repeat)')).toHaveLength(1);
    const saved = await readProgress(fileKey(job.file));
    expect(saved).toMatchObject({ prefix: 3_002, extra: [], registered: 2_700, failed: 300 });
  });

  it('stopped part way, goes on after the rows done: every row sent exactly once', async () => {
    const sent = new Map<string, number>();
    let job: StreamJob | null = null;
    const register: RegisterFn = async (item) => {
      sent.set(item.ServiceURI, (sent.get(item.ServiceURI) ?? 0) + 1);
      if (sent.size === 500) job?.stop();
      await new Promise((resolve) => setTimeout(resolve, 1));
      return 'id';
    };
    const chosen = file(uris(1_200, 'resume'), 'resume.csv');
    job = start({ file: chosen, register });
    await job.whenDone();
    expect(job.getView().phase).toBe('stopped');
    expect(job.getView().stopReason).toMatch(/^Stopped: no new rows are sent/);
    const saved = await readProgress(fileKey(chosen));
    expect(saved?.prefix).toBeGreaterThan(400);
    const again = start({ file: chosen, register, resumeFrom: saved });
    await again.whenDone();
    expect(again.getView().phase).toBe('finished');
    expect(again.getView().doneBefore).toBe((saved?.prefix ?? 0) + (saved?.extra.length ?? 0));
    expect(sent.size).toBe(1_200);
    expect([...sent.values()].every((times) => times === 1)).toBe(true);
    const registered = [...(await resultRows(job)), ...(await resultRows(again))].map((r) => r[1]);
    expect(new Set(registered).size).toBe(1_200);
    expect(registered).toHaveLength(1_200);
  });

  it('refuses a file whose columns cannot be found, and sends nothing', async () => {
    let sent = 0;
    const job = start({
      file: new File(['just one column\nand another line\n'], 'bad.csv'),
      register: async () => {
        sent += 1;
        return 'id';
      },
    });
    await job.whenDone();
    expect(job.getView().phase).toBe('refused');
    expect(job.getView().head?.fileErrors.join(' ')).toMatch(/fewer than two columns/);
    expect(sent).toBe(0);
  });
});
