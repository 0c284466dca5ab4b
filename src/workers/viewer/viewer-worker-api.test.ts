import { afterEach, describe, expect, it, vi } from 'vitest';
import type { XmlSummary } from '../../xml/xml-summary.ts';
import { summarizeXml, XmlSummaryScan } from '../../xml/xml-summary-scan.ts';
import { XmlAnalyzer } from '../../xml/analyze-xml.ts';
import { createViewerWorkerApi } from './viewer-worker-api.ts';
import type { IndexResult, ViewerEvents, ViewerWorkerApi } from './viewer-worker-protocol.ts';
import { arrivingParts, headCutInRecord } from './arriving-parts.test-helper.ts';
import { firstRecordsForPage } from './first-records.ts';
import { recordTableHead } from '../../xml/record-table-head.ts';
import type * as RecordTableHead from '../../xml/record-table-head.ts';

// Counted, not changed: a head's records read once are not read again.
vi.mock('../../xml/record-table-head.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof RecordTableHead>();
  return { ...actual, recordTableHead: vi.fn(actual.recordTableHead) };
});

function stubs(count: number, field: string): string {
  const records = Array.from(
    { length: count },
    (_, i) => `<Stub ID="${i}"><${field}>value ${i}</${field}></Stub>`,
  );
  return `<AssetStubs>${records.join('\n')}</AssetStubs>`;
}

/** Events that resolve promises as they come: analysed (the lines), indexed, summary. */
function watched() {
  const seen: { indexed: IndexResult | null; summary: XmlSummary | null } = {
    indexed: null,
    summary: null,
  };
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
    onSummary: (summary) => {
      seen.summary = summary;
      summarised();
    },
  };
  return { events, seen, whenAnalysed, whenSummarised };
}

/** Analyzes `xml` as an answer that arrives in parts of 1,000 characters. */
function analyzedAsItArrives(
  api: ViewerWorkerApi,
  xml: string,
  maxIndexBytes: number,
  events: ViewerEvents,
): Promise<boolean> {
  const { head, port, sendRest } = arrivingParts(xml, 1_000, 1_000);
  const done = api.analyzeFromPort(head, port, maxIndexBytes, events);
  sendRest();
  return done;
}

describe("the viewer worker's summary", () => {
  afterEach(() => vi.restoreAllMocks());

  it('comes from the index when there is one, without reading the text again', async () => {
    const xml = `<Wrapper>${stubs(50, 'Title')}<Note/></Wrapper>`;
    const expected = summarizeXml(xml);
    const scans = vi.spyOn(XmlSummaryScan.prototype, 'step');
    const api = createViewerWorkerApi(0);
    for (const streamed of [false, true]) {
      const run = watched();
      if (streamed) await analyzedAsItArrives(api, xml, 50_000_000, run.events);
      else await api.analyze(xml, 50_000_000, run.events);
      await run.whenSummarised;
      expect(run.seen.summary).toEqual(expected);
    }
    expect(scans).not.toHaveBeenCalled();
  });

  it('is read from the text when there is no index: over the limit, or not well-formed', async () => {
    const api = createViewerWorkerApi(0);
    for (const [xml, limit] of [
      [stubs(20, 'Title'), 10],
      ['<A><B/><B>', 50_000_000],
    ] as const) {
      const run = watched();
      await api.analyze(xml, limit, run.events);
      await run.whenSummarised;
      expect(run.seen.summary).toEqual(summarizeXml(xml));
    }
  });
});

describe("the viewer worker's warm-up", () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs its passes a task at a time, to the end when nothing else comes', async () => {
    const scans = vi.spyOn(XmlSummaryScan.prototype, 'step');
    const warm = createViewerWorkerApi(0).warmUp();
    // Its last pass of each round (the summary scan) has not run within the first task.
    expect(scans).not.toHaveBeenCalled();
    await warm;
    expect(scans.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('reads its document a few thousand characters per task, so that a payload waits for little', async () => {
    const writes = vi.spyOn(XmlAnalyzer.prototype, 'write');
    const api = createViewerWorkerApi(0);
    const warm = api.warmUp();
    // The first task read one piece of the document, and stopped.
    expect(writes).toHaveBeenCalledTimes(1);
    expect(writes.mock.calls[0]?.[0].length).toBeLessThanOrEqual(16 * 1024);
    api.headRecords('<AssetStubs><Stub ID="1"/>');
    const withTheRequest = writes.mock.calls.length;
    await warm;
    expect(writes).toHaveBeenCalledTimes(withTheRequest);
  });

  it("stops at a payload's first request, which does not wait for the rest of it", async () => {
    const xml = stubs(50, 'Title');
    const expected = summarizeXml(xml);
    const scans = vi.spyOn(XmlSummaryScan.prototype, 'step');
    const api = createViewerWorkerApi(0);
    const warm = api.warmUp();
    const run = watched();
    await api.analyze(xml, 50_000_000, run.events);
    await Promise.all([warm, run.whenSummarised]);
    // Neither the warm-up's summary pass ran, nor a scan for the payload (indexed).
    expect(scans).not.toHaveBeenCalled();
    expect(run.seen.summary).toEqual(expected);
  });
});

describe('the viewer worker between tasks', () => {
  it('keeps the table of the payload that came last while an earlier one is still indexed', async () => {
    // One step per task: the earlier payload's index pass is still running when the next arrives.
    const api = createViewerWorkerApi(0);
    const earlier = watched();
    const earlierDone = api.analyze(stubs(3_000, 'Title'), 50_000_000, earlier.events);
    await earlier.whenAnalysed;

    const later = watched();
    await analyzedAsItArrives(api, stubs(3, 'MediaType'), 50_000_000, later.events);
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
    const earlierEnd = analyzedAsItArrives(api, stubs(300, 'Title'), 50_000_000, earlier.events);
    await earlier.whenAnalysed;
    // Over its index limit: no index, so its end takes one step and finishes first.
    const later = watched();
    const laterEnd = analyzedAsItArrives(api, stubs(3, 'MediaType'), 10, later.events);
    await Promise.all([earlierEnd, laterEnd, earlier.whenSummarised, later.whenSummarised]);
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

/**
 * Analyses 3,000 stubs with a Title and calls `act` as their table arrives, before the worker's
 * first task between requests (nothing ranked, no search text built); resolves with what `act`
 * gave once the payload is summarised.
 */
async function asTheTableArrives<T>(
  api: ReturnType<typeof createViewerWorkerApi>,
  act: () => T,
): Promise<T> {
  const run = watched();
  let acted: { value: T } | null = null;
  const onIndexed = run.events.onIndexed;
  run.events.onIndexed = (result) => {
    onIndexed(result);
    acted = { value: act() };
  };
  await Promise.all([
    api.analyze(stubs(3_000, 'Title'), 50_000_000, run.events),
    run.whenSummarised,
  ]);
  if (!acted) throw new Error('the table never arrived');
  return (acted as { value: T }).value;
}

describe("the viewer worker's answer to a sort", () => {
  it('gives the first rows of a column not ranked yet, then the whole order, and the whole order once ranked', async () => {
    const api = createViewerWorkerApi(0);
    const shown = { from: 0, to: 20 };
    const query = { sortColumn: 1, sortDirection: 'desc', filter: 'value 2' } as const;
    const [first, whole] = await asTheTableArrives(api, () => [
      api.queryTable(query, shown, true),
      api.queryTable(query, shown),
    ]);
    expect(first?.whole).toBe(false);
    expect(whole?.whole).toBe(true);
    expect(whole?.rowCount).toBe(1_111);
    // The search text not built: only the rows that would be among the first were tested.
    expect(first?.rowCount).toBeNull();
    expect(Array.from(first?.rows ?? [])).toEqual(Array.from(whole?.rows.subarray(0, 20) ?? []));
    expect(first?.shownCells).toEqual(whole?.shownCells);
    // Digit runs by value, descending: 'value 2999' first.
    expect(Array.from(whole?.rows.subarray(0, 3) ?? [])).toEqual([2999, 2998, 2997]);
    // Ranked by the whole order's query: the next first answer is whole.
    expect(api.queryTable(query, shown, true).whole).toBe(true);
  });
});

describe("the viewer worker's preparation after a Table answer", () => {
  const shown = { from: 0, to: 20 };
  const query = { sortColumn: 1, sortDirection: 'asc', filter: '' } as const;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Whether the column becomes ranked between requests within `waitMs` of its first rows. */
  async function rankedWithin(api: ReturnType<typeof createViewerWorkerApi>, waitMs: number) {
    const run = watched();
    let first: boolean | null = null;
    const onIndexed = run.events.onIndexed;
    run.events.onIndexed = (result) => {
      onIndexed(result);
      first = api.queryTable(query, shown, true).whole;
    };
    await Promise.all([
      api.analyze(stubs(30_000, 'Title'), 50_000_000, run.events),
      run.whenSummarised,
    ]);
    expect(first).toBe(false);
    for (let waited = 0; waited < waitMs; waited += 50) {
      if (api.queryTable(query, shown, true).whole) return true;
      await pause(50);
    }
    return false;
  }

  it('waits while the page renders the answer, then goes on; a request is answered at once meanwhile', async () => {
    // A room longer than the test: the column stays unranked between requests...
    const waiting = createViewerWorkerApi(0, 60_000);
    expect(await rankedWithin(waiting, 400)).toBe(false);
    // ...yet a whole answer asked for meanwhile is given at once.
    expect(waiting.queryTable(query, shown).whole).toBe(true);
    // With no room the same column is ranked between requests.
    expect(await rankedWithin(createViewerWorkerApi(0, 0), 5_000)).toBe(true);
  }, 30_000);

  it('waits while the page scrolls, then goes on; a request is answered at once meanwhile', async () => {
    const api = createViewerWorkerApi(0, 0, 200);
    const run = watched();
    let scrolling: ReturnType<typeof setInterval> | undefined;
    const indexed = new Promise<void>((resolve) => {
      const onIndexed = run.events.onIndexed;
      run.events.onIndexed = (result) => {
        onIndexed(result);
        // The page scrolls from the moment the table is there, saying so every 50 ms.
        api.pageScrolling();
        scrolling = setInterval(() => api.pageScrolling(), 50);
        resolve();
      };
    });
    void api.analyze(stubs(30_000, 'Title'), 50_000_000, run.events);
    await indexed;
    try {
      await pause(600);
      expect(api.queryTable(query, shown, true).whole).toBe(false);
      // A request is still answered at once: the whole order, ranked on the spot.
      expect(api.queryTable({ ...query, sortColumn: 0 }, shown).whole).toBe(true);
    } finally {
      clearInterval(scrolling);
    }
    let ranked = false;
    for (let waited = 0; waited < 5_000 && !ranked; waited += 50) {
      await pause(50);
      ranked = api.queryTable(query, shown, true).whole;
    }
    expect(ranked).toBe(true);
  }, 30_000);
});

describe("the viewer worker's whole answer, prepared in steps", () => {
  it('is the answer queryTable gives, and null once a newer table query came', async () => {
    const api = createViewerWorkerApi(0);
    const shown = { from: 0, to: 20 };
    const query = { sortColumn: 1, sortDirection: 'desc', filter: 'value 2' } as const;
    const pending = await asTheTableArrives(api, () => {
      const givenWay = api.queryTableWhenPrepared({ ...query, sortColumn: 0 }, shown);
      // A newer query (the page's next click) before the first has its ranks.
      api.queryTable({ ...query, filter: 'value' }, shown, true);
      const stillWanted = api.queryTableWhenPrepared(query, shown);
      // A whole order for a CSV meanwhile: the Table's whole answer does not give way to it.
      api.queryTable({ sortColumn: null, sortDirection: 'asc', filter: '' });
      return [givenWay, stillWanted];
    });
    const [givenWay, prepared] = await Promise.all(pending);
    expect(givenWay).toBeNull();
    const whole = api.queryTable(query, shown);
    expect(prepared?.whole).toBe(true);
    expect(prepared?.rowCount).toBe(1_111);
    expect(Array.from(prepared?.rows ?? [])).toEqual(Array.from(whole.rows));
    expect(prepared?.shownCells).toEqual(whole.shownCells);
  });
});

describe("the viewer worker's answer to a filter", () => {
  it('gives the first matches while the search text is not built, then the whole answer; a narrower filter whole at once', async () => {
    const api = createViewerWorkerApi(0);
    const shown = { from: 0, to: 20 };
    const query = { sortColumn: null, sortDirection: 'asc', filter: 'value 2' } as const;
    const narrower = { ...query, filter: 'value 29' };
    const [first, whole, narrowed] = await asTheTableArrives(api, () => [
      api.queryTable(query, shown, true),
      api.queryTable(query, shown),
      api.queryTable(narrower, shown, true),
    ]);
    expect(first?.whole).toBe(false);
    expect(first?.rowCount).toBeNull();
    expect(Array.from(first?.rows ?? [])).toEqual([2, ...range(20, 29), ...range(200, 208)]);
    expect(Array.from(first?.rows ?? [])).toEqual(Array.from(whole?.rows.subarray(0, 20) ?? []));
    expect(first?.shownCells).toEqual(whole?.shownCells);
    expect(whole?.rowCount).toBe(1_111);
    // Only the rows 'value 2' kept are tested for 'value 29': whole at once.
    expect(narrowed?.whole).toBe(true);
    expect(narrowed?.rowCount).toBe(111);
  });
});

/** The integers from `from` to `to`, both included. */
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe("the viewer worker's index of a payload over the limit, asked for", () => {
  it('is built from the payload sent again, with its table, and reported as an index', async () => {
    const api = createViewerWorkerApi(0);
    const xml = stubs(300, 'Title');
    for (const streamed of [false, true]) {
      const run = watched();
      if (streamed) await analyzedAsItArrives(api, xml, 10, run.events);
      else await api.analyze(xml, 10, run.events);
      await run.whenSummarised;
      expect(run.seen.indexed).toBeNull();
      expect(api.treeStructure()).toBeNull();

      await api.indexOverLimit(streamed ? new Blob([xml]) : xml);
      expect(run.seen.indexed?.table?.records.length).toBe(300);
      expect(api.treeStructure()?.nodeCount).toBe(run.seen.indexed?.nodeCount);
      const answer = api.queryTable({ sortColumn: 0, sortDirection: 'desc', filter: 'value 29' });
      expect(Array.from(answer.rows).slice(0, 2)).toEqual([299, 298]);
      expect(api.nodeSource(1)).toBe(xml);
    }
  });

  it('is not built for a payload a newer one replaced, nor twice, nor for one within the limit', async () => {
    const api = createViewerWorkerApi(0);
    const earlier = watched();
    await api.analyze(stubs(30, 'Title'), 10, earlier.events);
    const later = watched();
    await api.analyze(stubs(3, 'MediaType'), 10, later.events);
    await Promise.all([earlier.whenSummarised, later.whenSummarised]);

    // The earlier payload's text builds nothing: the worker holds the later one.
    await api.indexOverLimit(stubs(30, 'Title'));
    expect(earlier.seen.indexed).toBeNull();
    expect(later.seen.indexed).toBeNull();
    // The newer payload's own is built once; a second request adds nothing.
    await api.indexOverLimit(stubs(3, 'MediaType'));
    const first = later.seen.indexed;
    expect(first?.table?.records.length).toBe(3);
    await api.indexOverLimit(stubs(3, 'MediaType'));
    expect(later.seen.indexed).toBe(first);

    const within = watched();
    await api.analyze(stubs(5, 'Title'), 50_000_000, within.events);
    await within.whenSummarised;
    const indexed = within.seen.indexed;
    await api.indexOverLimit(stubs(5, 'Title'));
    expect(within.seen.indexed).toBe(indexed);
  });
});

describe("the head's records, asked for while its answer arrives", () => {
  it('are the ones the arriving analysis read from that head, not read again', () => {
    const api = createViewerWorkerApi();
    const head = headCutInRecord(2_000);
    const expected = firstRecordsForPage(head, true)?.[0];
    const run = watched();
    const { port } = arrivingParts(head, head.length, 1_000);
    // The rest never comes: the head is all the analysis has when the Table asks.
    void api.analyzeFromPort(head, port, 50_000_000, run.events);
    const reads = vi.mocked(recordTableHead).mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    const rows = api.headRecords(head);
    expect(vi.mocked(recordTableHead).mock.calls.length).toBe(reads);
    expect(rows).toEqual(expected);
    expect(rows?.records).toHaveLength(200);
    // Another head is read.
    expect(api.headRecords(head.slice(0, 5_000))?.records.length).toBeGreaterThan(10);
    expect(vi.mocked(recordTableHead).mock.calls.length).toBe(reads + 1);
    port.close();
  });
});
