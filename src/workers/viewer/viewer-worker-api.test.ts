import { describe, expect, it } from 'vitest';
import { createViewerWorkerApi } from './viewer-worker-api.ts';
import type { IndexResult, ViewerEvents } from './viewer-worker-protocol.ts';

function stubs(count: number, field: string): string {
  const records = Array.from(
    { length: count },
    (_, i) => `<Stub ID="${i}"><${field}>value ${i}</${field}></Stub>`,
  );
  return `<AssetStubs>${records.join('\n')}</AssetStubs>`;
}

/** Events that resolve promises as they come: analysed (the lines), indexed, summary. */
function watched() {
  const seen: { indexed: IndexResult | null } = { indexed: null };
  let analysed = (): void => undefined;
  let summarised = (): void => undefined;
  const whenAnalysed = new Promise<void>((resolve) => (analysed = resolve));
  const whenSummarised = new Promise<void>((resolve) => (summarised = resolve));
  const events: ViewerEvents = {
    onProgress: () => undefined,
    onHead: () => undefined,
    onTableHead: () => undefined,
    onAnalyzed: () => analysed(),
    onIndexed: (result) => (seen.indexed = result),
    onFailed: (message) => {
      throw new Error(message);
    },
    onSummary: () => summarised(),
  };
  return { events, seen, whenAnalysed, whenSummarised };
}

describe('the viewer worker between tasks', () => {
  it('keeps the table of the payload that came last while an earlier one is still indexed', async () => {
    // One step per task: the earlier payload's index pass is still running when the next arrives.
    const api = createViewerWorkerApi(0);
    const earlier = watched();
    const earlierDone = api.analyze(stubs(3_000, 'Title'), 50_000_000, earlier.events);
    await earlier.whenAnalysed;

    const later = watched();
    api.begin(50_000_000, later.events);
    await api.append(new TextEncoder().encode(stubs(3, 'MediaType')).buffer);
    await api.end();
    await Promise.all([earlierDone, earlier.whenSummarised, later.whenSummarised]);

    expect(later.seen.indexed?.table?.columns.map((column) => column.label)).toEqual([
      'ID',
      'MediaType',
    ]);
    // The earlier payload's index and table were dropped, not kept over the later one's.
    expect(earlier.seen.indexed).toBeNull();
    const answer = api.queryTable({ sortColumn: null, sortDirection: 'asc', filter: '' });
    expect(Array.from(answer.rows)).toEqual([0, 1, 2]);
    expect(api.prettyLines(0, 1)).toBe('<AssetStubs>');
  });

  it('keeps the lines of the payload that began last while an earlier one still ends', async () => {
    // One step per task: the earlier payload's end (the index's columns) is still running.
    const api = createViewerWorkerApi(0);
    const earlier = watched();
    api.begin(50_000_000, earlier.events);
    await api.append(new TextEncoder().encode(stubs(300, 'Title')).buffer);
    const earlierEnd = api.end();
    // Over its index limit: no index, so its end takes one step and finishes first.
    const later = watched();
    api.begin(10, later.events);
    await api.append(new TextEncoder().encode(stubs(3, 'MediaType')).buffer);
    await Promise.all([earlierEnd, api.end(), earlier.whenSummarised, later.whenSummarised]);
    expect(api.prettyLines(1, 2)).toContain('<Stub ID="0">');
    expect(api.prettyLines(0, 20)).toContain('MediaType');
    expect(api.prettyLines(0, 20)).not.toContain('Title');
  });

  it('reads a large table in many tasks and still answers with all of it', async () => {
    const api = createViewerWorkerApi(0);
    const run = watched();
    const done = api.analyze(stubs(3_000, 'Title'), 50_000_000, run.events);
    await Promise.all([done, run.whenSummarised]);
    expect(run.seen.indexed?.table?.records.length).toBe(3_000);
    const answer = api.queryTable({ sortColumn: 0, sortDirection: 'desc', filter: 'value 29' });
    expect(Array.from(answer.rows).slice(0, 3)).toEqual([2999, 2998, 2997]);
    expect(answer.rows.length).toBe(111);
  });
});
