/**
 * The viewer's Web Worker: tokenizes, pretty-prints and indexes the payload, then answers
 * searches, table queries and CSV exports against what it keeps. Results travel as transferred
 * ArrayBuffers. The page terminates the worker to cancel.
 */
import { analyzeXml } from '../../xml/analyze-xml.ts';
import { extractRecordTable, type RecordTable } from '../../xml/record-table.ts';
import { recordTableHead } from '../../xml/record-table-head.ts';
import { TABLE_HEAD_ROWS, tableForPage, wantsTableHead } from './table-transfer.ts';
import { queryRows, RowHaystacks, rowHaystacks, tableCsv } from '../../xml/table-query.ts';
import { indexBuffers } from '../../xml/xml-index.ts';
import { XmlSyntaxError } from '../../xml/reader/xml-syntax-error.ts';
import { XmlSummaryScan } from '../../xml/xml-summary.ts';
import { searchText } from './search-text.ts';
import { utf8Length } from '../../text/utf8-length.ts';
import { serveCalls, transfer } from '../worker-call.ts';
import type { AnalysisResult, ViewerEvents, ViewerWorkerApi } from './viewer-worker-protocol.ts';

let pretty = '';
let table: RecordTable | null = null;
let haystacks: RowHaystacks | null = null;
let haystacksScheduled = false;
const rankCache = new Map<number, Int32Array>();

/** Rows of search text per task: a few ms, so a request that arrives meanwhile hardly waits. */
const HAYSTACK_SLICE_ROWS = 2_000;

/**
 * Builds the table's search text between requests, a slice per task, once the Table view has
 * asked its first query, so that the first filter only scans. A request that arrives meanwhile
 * runs after the current slice; a filter finishes whatever is left itself.
 */
function buildHaystacksWhenIdle(): void {
  if (haystacksScheduled || !haystacks || haystacks.complete) return;
  haystacksScheduled = true;
  setTimeout(() => {
    haystacksScheduled = false;
    if (haystacks && !haystacks.build(HAYSTACK_SLICE_ROWS)) buildHaystacksWhenIdle();
  }, 0);
}

/** Posts the first records of a large payload's table ahead of the index pass. */
function postTableHead(xml: string, maxIndexBytes: number, events: ViewerEvents): void {
  if (!wantsTableHead(xml, maxIndexBytes)) return;
  const head = recordTableHead(xml, TABLE_HEAD_ROWS);
  if (!head) return;
  const [table, buffers] = tableForPage(head);
  events.onTableHead(transfer(table, buffers));
}

function analyze(xml: string, maxIndexBytes: number, events: ViewerEvents): void {
  const started = performance.now();
  const result: AnalysisResult = {
    charLength: xml.length,
    byteLength: 0,
    pretty: null,
    prettyLineCount: 0,
    foldEnd: new Int32Array(0),
    index: null,
    table: null,
    indexPending: false,
    escaping: null,
    topLevelElementCount: 0,
    indexRefusedReason: null,
    syntaxError: null,
    characterProblems: { first: [], count: 0 },
    analyzeMs: 0,
    indexMs: 0,
  };
  // Pass 1: the pretty text alone, so the Pretty view paints as early as possible.
  try {
    const analysis = analyzeXml(xml, {
      buildIndex: false,
      onProgress: (done) => events.onProgress('pretty', done, xml.length),
      onHead: (text) => {
        events.onHead(text);
        postTableHead(xml, maxIndexBytes, events);
      },
    });
    pretty = analysis.pretty;
    result.pretty = analysis.pretty;
    result.prettyLineCount = analysis.prettyLineCount;
    result.foldEnd = analysis.foldEnd;
    result.escaping = analysis.escaping;
    result.topLevelElementCount = analysis.topLevelElementCount;
    result.characterProblems = {
      first: analysis.characterProblems.map((problem) => problem.message),
      count: analysis.characterProblemCount,
    };
    result.indexPending = true;
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    result.syntaxError = {
      message: error.message,
      line: error.line,
      column: error.column,
      offset: error.offset,
    };
  }
  // Measured after pass 1 so the first lines are not held back by it. Blob measures UTF-8
  // natively; utf8Length is the fallback where Blob is missing.
  const byteLength = typeof Blob === 'function' ? new Blob([xml]).size : utf8Length(xml);
  result.byteLength = byteLength;
  if (byteLength > maxIndexBytes) {
    result.indexPending = false;
    result.indexRefusedReason = `The payload is ${formatMegabytes(byteLength)}, over the ${formatMegabytes(maxIndexBytes)} limit for the tree and table views.`;
  }
  if (result.syntaxError) result.indexPending = false;
  result.analyzeMs = performance.now() - started;
  events.onAnalyzed(transfer(result, [result.foldEnd.buffer as ArrayBuffer]));
  if (!result.indexPending) return;

  // Pass 2: the tree index and the record table, transferred without copying.
  const indexStarted = performance.now();
  const { index } = analyzeXml(xml, {
    emitPretty: false,
    onProgress: (done) => events.onProgress('index', done, xml.length),
  });
  if (!index) return;
  table = extractRecordTable(xml, index);
  const [transferred, tableBuffers] = table ? tableForPage(table) : [null, []];
  events.onIndexed(
    transfer({ index, table: transferred, indexMs: performance.now() - indexStarted }, [
      ...indexBuffers(index),
      ...tableBuffers,
    ]),
  );
}

/** A record list shaped like a GetAssetStubs payload, about 130 KB. */
function warmUpDocument(): string {
  const records: string[] = [];
  for (let i = 0; i < 400; i++) {
    records.push(
      `<Stub id="s${i}" kind="a&amp;b">\n    <Title>Record ${i} &lt;x&gt;</Title>\n    <SizeBytes>${i * 37}</SizeBytes>\n    <Path><![CDATA[/a/${i}]]></Path>\n    <!-- c -->\n    <Empty/>\n  </Stub>`,
    );
  }
  return `<?xml version="1.0"?>\n<AssetStubs xmlns="urn:warm-up">\n  ${records.join('\n  ')}\n</AssetStubs>`;
}

/**
 * Runs the passes a payload goes through on a throw-away document, twice, so their hot loops are
 * compiled by the time a payload arrives. Nothing is posted and nothing is kept.
 */
function warmUp(): void {
  const xml = warmUpDocument();
  for (let round = 0; round < 2; round++) {
    analyzeXml(xml, { buildIndex: false, onHead: () => undefined, headChars: 1000 });
    recordTableHead(xml, 50);
    const { index } = analyzeXml(xml, { emitPretty: false });
    const warmTable = index && extractRecordTable(xml, index);
    if (warmTable) {
      tableForPage(warmTable);
      const rows = warmTable.records.length;
      const haystacks = rowHaystacks(warmTable.values, rows);
      for (let column = 0; column < warmTable.columns.length; column++)
        queryRows(
          warmTable.values,
          haystacks,
          { sortColumn: column, sortDirection: 'asc', filter: 'record 1' },
          new Map(),
          rows,
        );
      searchText(xml, 'stub');
    }
    new TextDecoder().decode(new TextEncoder().encode(xml));
  }
}

/** Characters of the summary scan per task: a few ms each, so a search never waits long. */
const SUMMARY_SLICE = 1_000_000;

/**
 * Counts the payload's elements for the page's summary line, last and in slices between tasks:
 * searches, sorts and filters that arrive meanwhile run in between.
 */
function postSummary(xml: string, events: ViewerEvents): Promise<void> {
  const scan = new XmlSummaryScan(xml);
  return new Promise((resolve) => {
    const step = () => {
      if (!scan.step(SUMMARY_SLICE)) {
        setTimeout(step, 0);
        return;
      }
      events.onSummary(scan.result());
      resolve();
    };
    step();
  });
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const api: ViewerWorkerApi = {
  warmUp,
  async analyze(payload, maxIndexBytes, events) {
    try {
      const xml = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
      analyze(xml, maxIndexBytes, events);
      await postSummary(xml, events);
    } catch (error) {
      // Through the events, so the failure arrives after what was reported before it.
      events.onFailed(messageOf(error));
    }
  },
  search(query) {
    const result = searchText(pretty, query);
    return transfer(result, [result.positions.buffer as ArrayBuffer]);
  },
  queryTable(query) {
    const started = performance.now();
    const values = table?.values ?? [];
    if (table) haystacks ??= new RowHaystacks(values, table.records.length);
    if (query.filter.trim()) haystacks?.build();
    const rows = queryRows(
      values,
      haystacks?.texts ?? [],
      query,
      rankCache,
      table?.records.length ?? 0,
    );
    buildHaystacksWhenIdle();
    return transfer({ rows, elapsedMs: performance.now() - started }, [rows.buffer as ArrayBuffer]);
  },
  csv(columnIndexes, rows) {
    const columns = table?.columns ?? [];
    const values = table?.values ?? [];
    return tableCsv(
      columnIndexes.map((c) => columns[c]?.label ?? ''),
      columnIndexes.map((c) => values[c] ?? []),
      rows,
    );
  },
};

serveCalls(api);
