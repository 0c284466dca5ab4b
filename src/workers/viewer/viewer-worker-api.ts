/**
 * What the viewer's worker does: analyzes the payload (pretty text, fold index, tree index,
 * escaping report, in one pass over the one reader), whole or as its parts arrive, then answers
 * searches, table queries and CSV exports against what it keeps. Results travel as transferred
 * ArrayBuffers. Served by viewer.worker.ts; Node tests serve it on a MessageChannel.
 */
import { XmlAnalyzer, type XmlAnalysis } from '../../xml/analyze-xml.ts';
import { recordTableInSteps, type RecordTable } from '../../xml/record-table.ts';
import { recordTableHead } from '../../xml/record-table-head.ts';
import { firstRecordsForPage } from './first-records.ts';
import {
  packedBuffers,
  packRows,
  TABLE_HEAD_ROWS,
  tableForPage,
  wantsTableHead,
} from './table-transfer.ts';
import {
  type FilterMemo,
  type TableQuery,
  firstMatchesOfQuery,
  firstRowsOfQuery,
  narrowsLastFilter,
  queryRows,
  rememberFilterInSteps,
  RowHaystacks,
  tableCsv,
} from '../../xml/table-query.ts';
import { TablePreparation } from '../../xml/table-preparation.ts';
import {
  copyIndex,
  indexBuffers,
  NODE_ELEMENT,
  structureBuffers,
  structureOf,
  type XmlTreeIndex,
} from '../../xml/xml-index.ts';
import { labelOf } from '../../xml/node-label.ts';
import { nodePath } from '../../xml/node-path.ts';
import { XmlSyntaxError } from '../../xml/reader/xml-syntax-error.ts';
import { summaryOfIndex } from '../../xml/xml-summary.ts';
import { XmlSummaryScan } from '../../xml/xml-summary-scan.ts';
import { searchText } from './search-text.ts';
import { linesOf, placeOnLines } from './pretty-line-starts.ts';
import { emptyTextLineStarts } from '../../xml/pretty-lines.ts';
import { PieceText } from '../../text/piece-text.ts';
import { Utf8Count } from '../../text/utf8-length.ts';
import { formatBytes } from '../../text/format.ts';
import { transfer } from '../worker-call.ts';
import { payloadText } from '../payload-text.ts';
import type {
  AnalysisResult,
  PackedColumn,
  ShownRows,
  TableAnswer,
  ViewerEvents,
  ViewerWorkerApi,
} from './viewer-worker-protocol.ts';
import { queueTask } from '../../tasks/next-turn.ts';
import {
  BACKGROUND_TASK_MS,
  backgroundHeldFor,
  holdBackground,
  stepsInTasks,
} from '../../tasks/steps-in-tasks.ts';
import { errorMessage } from '../../text/error-message.ts';
import type { PayloadPartMessage } from './payload-parts-port.ts';

/**
 * A payload in parts is looked at for its first records once this much of it is in, then at
 * twice as much, and so on: 200 records of a few hundred characters fit in the first try.
 */
const TABLE_HEAD_FIRST_TRY = 256 * 1024;

/**
 * Characters per step of the passes run after the analysis (the index of a whole payload, the
 * summary): a millisecond or two each, repeated while a task lasts less than BACKGROUND_TASK_MS.
 */
const BACKGROUND_STEP_CHARS = 65_536;

/**
 * One payload's analysis, whole (one part) or fed as its parts arrive (analyzeFromPort). A first
 * pass writes the pretty text alone, so the whole of it goes out sooner (for parts, right after
 * the last one), and the first lines go out as soon as the parts hold them; the tree index is
 * built by a second pass after it. The parts are kept, and joined once at the end, for what needs
 * the whole text afterwards: the index, the record table (its cells are read from the payload),
 * the element summary. XPath and compare get the payload from the page, and search runs over the
 * pretty text.
 */
class PayloadAnalysis {
  private readonly analyzer: XmlAnalyzer;
  private readonly started = performance.now();
  private readonly parts: string[] = [];
  private chars = 0;
  /** Counted part by part, so that the end does not measure the joined payload (~2 ms per MB). */
  private readonly bytes = new Utf8Count();
  private syntaxError: XmlSyntaxError | null = null;
  private headSent = false;
  private tableHeadDone: boolean;
  /** Characters in before the first records are looked for in the parts so far (doubling). */
  private tableHeadAt = TABLE_HEAD_FIRST_TRY;
  /** Which payload this is: only the last one may keep its index and table (`latestPayload`). */
  private readonly payloadNumber = ++latestPayload;

  constructor(
    private readonly maxIndexBytes: number,
    private readonly events: ViewerEvents,
    /** The payload's length in characters when known ahead, else 0. */
    private readonly expectedChars: number,
    /**
     * True for a payload of unknown length known to be large (its head was cut from it while it
     * arrived): its table's first records go out ahead, as for a whole payload of that size.
     */
    large = false,
  ) {
    this.tableHeadDone = !(large || wantsTableHead(expectedChars, maxIndexBytes));
    lastHeadRecords = null;
    this.analyzer = new XmlAnalyzer({
      buildIndex: false,
      expectedLength: expectedChars,
      onProgress: (done) =>
        events.onProgress('pretty', done, Math.max(expectedChars, this.chars, done)),
      onHead: (text) => {
        this.headSent = true;
        events.onHead(text);
        this.postTableHead();
      },
    });
  }

  /** True once a newer payload began: this one keeps nothing. */
  get superseded(): boolean {
    return this.payloadNumber !== latestPayload;
  }

  /** The next part of the payload's text. */
  append(part: string): void {
    if (part === '') return;
    this.parts.push(part);
    this.chars += part.length;
    if (!this.syntaxError) this.analyze(part);
    // After the part's lines: a whole payload's first lines do not wait for it.
    this.bytes.add(part);
    // As for a whole payload, the first records follow the first lines (malformed or not after).
    if (this.headSent && !this.tableHeadDone && this.chars >= this.tableHeadAt) {
      this.tableHeadAt *= 2;
      this.postTableHead();
    }
  }

  /** No more parts: reports the analysis, the index and table, then the summary. */
  async end(): Promise<void> {
    let analysis: XmlAnalysis | null = null;
    if (!this.syntaxError) {
      try {
        // The index's columns a step each: over 100 ms at 100,000 records in one task.
        analysis = await inBackground(this.analyzer.endInSteps());
      } catch (error) {
        if (!(error instanceof XmlSyntaxError)) throw error;
        this.syntaxError = error;
      }
    }
    const index = await this.report(analysis);
    // From the index when there is one: not a second reading of the whole text, which on a large
    // payload would take the worker's time from the first sorts and filters of the table.
    if (index) this.events.onSummary(summaryOfIndex(index));
    else await postSummary(this.joinedParts(), this.events);
    this.parts.length = 0;
  }

  private analyze(text: string): void {
    try {
      this.analyzer.write(text);
    } catch (error) {
      // Reported at the end, with the rest of the analysis; the parts still arrive.
      if (!(error instanceof XmlSyntaxError)) throw error;
      this.syntaxError = error;
    }
  }

  /**
   * Posts the first records of a large payload's table ahead of the whole, once the payload (or
   * the part of it that holds them) is in.
   */
  private postTableHead(): void {
    if (this.tableHeadDone) return;
    // As wantsTableHead for a whole payload: no preview of a table the size limit refuses.
    // Characters never outnumber UTF-8 bytes, so parts this long are over it.
    if (this.chars > this.maxIndexBytes) {
      this.tableHeadDone = true;
      return;
    }
    const complete = this.expectedChars > 0 && this.chars >= this.expectedChars;
    const prefix = this.joinedParts();
    const head = recordTableHead(prefix, TABLE_HEAD_ROWS, !complete);
    if (!complete) lastHeadRecords = { prefix, head };
    // From a prefix, only a full set of rows is worth showing; otherwise the next parts may.
    if (!complete && (head?.records.length ?? 0) < TABLE_HEAD_ROWS) return;
    this.tableHeadDone = true;
    if (!head) return;
    const [table, buffers] = tableForPage(head);
    this.events.onTableHead(transfer(table, buffers));
  }

  /** The parts so far as one string, kept as the one part (so the end joins no more than once). */
  private joinedParts(): string {
    if (this.parts.length === 1) return this.parts[0] ?? '';
    const joined = this.parts.join('');
    this.parts.length = 0;
    this.parts.push(joined);
    return joined;
  }

  /**
   * Posts the analysis, then the index and table; returns the index, if one was built. The parts
   * are joined into the payload after the analysis is posted: the lines do not wait for that copy.
   */
  private async report(analysis: XmlAnalysis | null): Promise<XmlTreeIndex | null> {
    const events = this.events;
    const byteLength = this.bytes.total;
    const overLimit = byteLength > this.maxIndexBytes;
    const error = this.syntaxError;
    const result: AnalysisResult = {
      charLength: this.chars,
      byteLength,
      prettyLineCount: analysis?.prettyLineCount ?? 0,
      foldEnd: analysis?.foldEnd ?? new Int32Array(0),
      indexNodeCount: null,
      table: null,
      indexPending: analysis !== null && !overLimit,
      escaping: analysis?.escaping ?? null,
      topLevelElementCount: analysis?.topLevelElementCount ?? 0,
      indexRefusedReason: overLimit
        ? `The payload is ${formatBytes(byteLength)}, over the ${formatBytes(this.maxIndexBytes)} limit for building the tree and table views at once.`
        : null,
      syntaxError: error && {
        message: error.message,
        line: error.line,
        column: error.column,
        offset: error.offset,
      },
      characterProblems: {
        first: analysis?.characterProblems.map((problem) => problem.message) ?? [],
        count: analysis?.characterProblemCount ?? 0,
      },
      analyzeMs: performance.now() - this.started,
      indexMs: 0,
    };
    // A newer payload that began while this one ended owns the lines kept (its own end keeps them).
    if (this.payloadNumber === latestPayload)
      keepPretty(
        analysis?.pretty ?? new PieceText([]),
        analysis?.prettyLineStarts ?? emptyTextLineStarts(),
      );
    events.onAnalyzed(transfer(result, [result.foldEnd.buffer as ArrayBuffer]));
    if (overLimit && analysis !== null && this.payloadNumber === latestPayload) {
      refusedPayload = { events, payloadNumber: this.payloadNumber, charLength: this.chars };
    }
    if (!result.indexPending) return null;
    return indexAndTable(this.joinedParts(), events, this.payloadNumber);
  }
}

/**
 * Builds the payload's index by a second pass and keeps it with its text, reads the
 * record table and reports both (`onIndexed`); a newer payload that began meanwhile owns what is
 * kept, and this one's are dropped. Returns the index.
 */
async function indexAndTable(
  xml: string,
  events: ViewerEvents,
  payloadNumber: number,
): Promise<XmlTreeIndex | null> {
  const indexStarted = performance.now();
  const index = await inBackground(indexInSteps(xml, events));
  if (!index || payloadNumber !== latestPayload) return index;
  // The index and the text it points into stay here: the page asks for what it shows.
  keepPayload(xml, index);
  keepTable(null);
  // The record table's cells are read from the whole text.
  const read = await inBackground(recordTableInSteps(xml, index));
  if (payloadNumber !== latestPayload) return index;
  keepTable(read);
  const [transferred, tableBuffers] = table ? tableForPage(table) : [null, []];
  events.onIndexed(
    transfer(
      { nodeCount: index.nodeCount, table: transferred, indexMs: performance.now() - indexStarted },
      tableBuffers,
    ),
  );
  return index;
}

/**
 * The tree index of a whole payload, by a second pass in short tasks: the Pretty view asks for
 * its lines (and searches) meanwhile, and is answered between them.
 */
function* indexInSteps(xml: string, events: ViewerEvents) {
  const analyzer = new XmlAnalyzer({
    emitPretty: false,
    expectedLength: xml.length,
    onProgress: (done) => events.onProgress('index', done, xml.length),
  });
  for (let at = 0; at < xml.length; at += BACKGROUND_STEP_CHARS) {
    analyzer.write(xml.slice(at, at + BACKGROUND_STEP_CHARS));
    yield;
  }
  return (yield* analyzer.endInSteps()).index;
}

/** Work per task of the passes after the analysis (see stepsInTasks); tests set it. */
let backgroundTaskMs = BACKGROUND_TASK_MS;

/** Runs a pass after the analysis in short tasks: the page's requests are answered in between. */
function inBackground<T>(steps: Generator<void, T, void>): Promise<T> {
  return stepsInTasks(steps, backgroundTaskMs);
}

/** The number of the payload analysed last (PayloadAnalysis counts them). */
let latestPayload = 0;

/**
 * The first records read from the start of the answer arriving last, with that start: the Table
 * shown while the answer arrives asks for the records of the same head (headRecords), which are
 * then not read a second time.
 */
let lastHeadRecords: { prefix: string; head: RecordTable | null } | null = null;

/**
 * The last payload, when it was well-formed but over the index limit: its index and table can
 * still be asked for (`indexOverLimit`), and are reported through its events.
 */
let refusedPayload: { events: ViewerEvents; payloadNumber: number; charLength: number } | null =
  null;

// What the worker keeps of the last payload for its lines, searches, table queries, CSV, the
// Tree's labels and nodes' sources.
let payload = '';
let payloadIndex: XmlTreeIndex | null = null;
let pretty = new PieceText([]);
let prettyStarts = emptyTextLineStarts();
let table: RecordTable | null = null;
let preparation: TablePreparation | null = null;
let preparationScheduled = false;
let filterMemo: FilterMemo = { needle: '', matches: null };

/**
 * The pretty text the page's window and searches read, and where its lines start (recorded by
 * the pass that wrote it; they stay here, only lines and line numbers go to the page).
 */
function keepPretty(text: PieceText, starts: Uint32Array): void {
  pretty = text;
  prettyStarts = starts;
}

/** The kept index when it has this node, else null (no index, or a node of another payload). */
function indexHolding(node: number): XmlTreeIndex | null {
  return payloadIndex && node >= 0 && node < payloadIndex.nodeCount ? payloadIndex : null;
}

/** The text and the index into it, for labels and sources: only a payload with an index. */
function keepPayload(text: string, index: XmlTreeIndex | null): void {
  payload = text;
  payloadIndex = index;
}

/** The table later queries run against: a new payload's, with no ranks or search text of the last. */
function keepTable(next: RecordTable | null): void {
  table = next;
  preparation = next && new TablePreparation(next.values, next.records.length);
  filterMemo = { needle: '', matches: null };
  prepareTableWhenIdle();
}

/**
 * Prepares the table's queries between requests, a few milliseconds per task (see
 * TablePreparation): every column's ranks once the table exists, the rows' search text once the
 * Table view has asked its first query (a payload only read in Pretty does not hold it).
 */
function prepareTableWhenIdle(): void {
  if (preparationScheduled || !preparation || preparation.complete) return;
  preparationScheduled = true;
  const prepareStep = () => {
    preparationScheduled = false;
    // Held since this step was queued (the page scrolls): scheduled again for the hold's end.
    if (backgroundHeldFor() > 0) prepareTableWhenIdle();
    else if (preparation && !preparation.prepare(backgroundTaskMs)) prepareTableWhenIdle();
  };
  const room = Math.max(preparationResumesAt - performance.now(), backgroundHeldFor());
  if (room > 0) preparationTimer = setTimeout(prepareStep, room);
  else queueTask(prepareStep);
}

/**
 * How long the preparation waits after the worker answers the Table: the page renders and lays
 * out the answer's rows meanwhile, and on a 2-core machine the preparation's steps beside that
 * render made it take twice its CPU time (docs/performance.md). A request still runs at once.
 */
export const RENDER_ROOM_MS = 60;
/** RENDER_ROOM_MS, unless a test sets another. */
let renderRoomMs = RENDER_ROOM_MS;
/**
 * How long the work between requests waits after the page says it scrolls (pageScrolling): the
 * page's client says so at most every SCROLL_SIGNAL_MS while it scrolls, so the work resumes
 * about this long after the scroll stops.
 */
export const SCROLL_ROOM_MS = 150;
/** SCROLL_ROOM_MS, unless a test sets another. */
let scrollRoomMs = SCROLL_ROOM_MS;
let preparationResumesAt = 0;
let preparationTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Past this screen's end (a table scrolled far down, then sorted) a sort of a column not ranked
 * yet ranks it at once: keeping this many best rows in one pass would cost about as much.
 */
const FIRST_ROWS_MOST = 1_000;

/**
 * Counts the Table's queries (first rows, whole answers): a whole answer still being prepared
 * gives way to a newer one.
 */
let latestTableQuery = 0;

/** A table query's answer (see ViewerWorkerApi.queryTable), with the cells of the rows shown. */
function answerTableQuery(
  query: TableQuery,
  shown: ShownRows | undefined,
  firstRowsFirst: boolean,
): TableAnswer {
  const started = performance.now();
  const values = table?.values ?? [];
  const rowCount = table?.records.length ?? 0;
  preparation?.wantText();
  let answer = firstRowsFirst && shown ? firstRowsAnswer(query, shown.to) : null;
  if (!answer) {
    const column = query.sortColumn;
    if (preparation && column !== null) preparation.ranksOf(column);
    const haystacks = preparation?.haystacks.texts ?? [];
    const rows = queryRows(values, haystacks, query, preparation?.ranks, rowCount, filterMemo);
    answer = { rows, rowCount: rows.length, whole: true };
  }
  preparationResumesAt = performance.now() + renderRoomMs;
  prepareTableWhenIdle();
  const elapsedMs = performance.now() - started;
  const { rows } = answer;
  const shownCells = cellsOf(shown ? rows.subarray(shown.from, shown.to) : []);
  return transfer({ ...answer, elapsedMs, shownCells }, [
    rows.buffer as ArrayBuffer,
    ...packedBuffers(shownCells),
  ]);
}

/**
 * What a query's whole answer needs, prepared a step at a time so that the worker answers other
 * requests between steps: the sort column's ranks (ranked before any other column), then the
 * rows a filter keeps (into the filter memo). False, at once, when `current` turns false (a newer
 * query, or another table).
 */
function* preparedFor(query: TableQuery, current: () => boolean): Generator<void, boolean, void> {
  const column = query.sortColumn;
  if (!preparation || !table) return true;
  if (column !== null && !preparation.ranks.has(column)) {
    preparation.rankFirst(column);
    while (!preparation.ranks.has(column)) {
      if (!current()) return false;
      preparation.prepare(0);
      yield;
    }
  }
  const steps = rememberFilterInSteps(
    table.values,
    preparation.haystacks.texts,
    query.filter,
    table.records.length,
    filterMemo,
  );
  for (;;) {
    if (!current()) return false;
    if (steps.next().done) return true;
    yield;
  }
}

/**
 * A query's first rows up to `count` (see ViewerWorkerApi.queryTable), when finding them is far
 * quicker than the whole answer, else null: a sort of a column not ranked yet (the best rows in
 * one pass; with a filter, only the rows that would be among them tested, unless the search text
 * is built), or a filter while most rows' search text is not built yet and it does not narrow
 * the last one (the rows tested in order until `count` match; the count is not known yet).
 */
function firstRowsAnswer(
  query: TableQuery,
  count: number,
): { rows: Uint32Array; rowCount: number | null; whole: boolean } | null {
  const rows = table?.records.length ?? 0;
  if (!table || !preparation || count >= Math.min(rows, FIRST_ROWS_MOST)) return null;
  const column = query.sortColumn;
  const haystacks = preparation.haystacks.texts;
  if (column !== null && !preparation.ranks.has(column)) {
    // The column is ranked next, between requests, unless the page asks for the whole order
    // first (it does once these rows are painted).
    preparation.rankFirst(column);
    // A filter's count only if its search text is built (else a scan of every cell).
    const countMatches = preparation.haystacks.complete;
    const first = firstRowsOfQuery(
      table.values,
      haystacks,
      query,
      count,
      rows,
      filterMemo,
      countMatches,
    );
    // All the rows it keeps, counted: the whole answer already.
    return { ...first, whole: first.rowCount === first.rows.length };
  }
  if (
    !query.filter.trim() ||
    preparation.haystacks.complete ||
    narrowsLastFilter(filterMemo, query.filter, rows)
  )
    return null;
  const ranks = column === null ? null : (preparation.ranks.get(column) ?? null);
  const first = firstMatchesOfQuery(
    table.values,
    haystacks,
    query.filter,
    ranks,
    query.sortDirection,
    count,
    rows,
  );
  return { rows: first.rows, rowCount: first.whole ? first.rows.length : null, whole: first.whole };
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

/** Set when a payload's first request arrives: the warm-up's remaining passes are skipped. */
let warmUpStopped = false;

/**
 * Runs the passes a payload goes through on a throw-away document, twice, so their hot loops are
 * compiled by the time a payload arrives: whole and in parts. A pass per task, and none after a
 * payload's first request (stopWarmUp): a payload that comes meanwhile waits for one pass, not
 * for the whole warm-up (about 450 ms in Chromium's worker), and its own passes warm the same
 * code. Nothing is posted and nothing is kept.
 */
function warmUp(): Promise<void> {
  warmUpStopped = false;
  return stepsInTasks(untilWarmUpStopped(warmUpPasses()), 0);
}

function stopWarmUp(): void {
  warmUpStopped = true;
}

function* untilWarmUpStopped(passes: Generator<void, void, void>): Generator<void, void, void> {
  while (!warmUpStopped && !passes.next().done) yield;
}

/** Characters of the warm-up document read per step: a few milliseconds each, cold. */
const WARM_UP_STEP_CHARS = 16 * 1024;

/**
 * The warm-up's passes (see warmUp), yielding every few milliseconds of cold code: a payload
 * that arrives meanwhile waits for one step, not one pass (a pass over the document took 40–64
 * ms in Node the first time, about 200 ms of wall time in a busy Chromium).
 */
function* warmUpPasses(): Generator<void, void, void> {
  const xml = warmUpDocument();
  const bytes = new TextEncoder().encode(xml);
  for (let round = 0; round < 2; round++) {
    // A payload read as its parts arrive.
    const analyzer = new XmlAnalyzer({ onHead: () => undefined, headChars: 1000 });
    const decoder = new TextDecoder();
    for (let at = 0; at < bytes.length; at += WARM_UP_STEP_CHARS) {
      analyzer.write(decoder.decode(bytes.subarray(at, at + WARM_UP_STEP_CHARS), { stream: true }));
      yield;
    }
    yield* analyzer.endInSteps();
    recordTableHead(xml, 50);
    yield;
    // The index pass over a whole payload.
    const indexer = new XmlAnalyzer({ expectedLength: xml.length });
    for (let at = 0; at < xml.length; at += WARM_UP_STEP_CHARS) {
      indexer.write(xml.slice(at, at + WARM_UP_STEP_CHARS));
      yield;
    }
    const { index, prettyLineStarts, pretty } = yield* indexer.endInSteps();
    const warmTable = index && (yield* recordTableInSteps(xml, index));
    if (warmTable) {
      tableForPage(warmTable);
      yield;
      const rows = warmTable.records.length;
      // Every column ranked as the table's preparation ranks them, once; the queries read those.
      const warmPreparation = new TablePreparation(warmTable.values, rows);
      while (!warmPreparation.prepare(BACKGROUND_TASK_MS)) yield;
      // Half the search text built: a filter reads both the text and the cells of the rest.
      const haystacks = new RowHaystacks(warmTable.values, rows);
      haystacks.build(rows >> 1);
      yield;
      for (let column = 0; column < warmTable.columns.length; column++) {
        const query = { sortColumn: column, sortDirection: 'asc', filter: '' } as const;
        firstRowsOfQuery(warmTable.values, haystacks.texts, query, 40, rows);
        warmPreparation.ranksOf(column);
        queryRows(
          warmTable.values,
          haystacks.texts,
          { sortColumn: column, sortDirection: 'asc', filter: 'record 1' },
          warmPreparation.ranks,
          rows,
        );
        yield;
      }
    }
    // A search, placed on the lines, as the Pretty view asks for it.
    if (prettyLineStarts) placeOnLines(searchText(pretty, 'stub').positions, prettyLineStarts);
    yield;
    // The summary scan, for a payload the worker does not index.
    const summary = new XmlSummaryScan(xml);
    while (!summary.step(BACKGROUND_STEP_CHARS)) yield;
    new TextDecoder().decode(new TextEncoder().encode(xml));
    yield;
  }
}

/**
 * Counts the payload's elements for the page's summary line, last and in short tasks: searches,
 * sorts and filters that arrive meanwhile run in between.
 */
async function postSummary(xml: string, events: ViewerEvents): Promise<void> {
  const scan = new XmlSummaryScan(xml);
  await inBackground(
    (function* () {
      while (!scan.step(BACKGROUND_STEP_CHARS)) yield;
    })(),
  );
  events.onSummary(scan.result());
}

/** The cells of these rows of the kept table, packed per column. */
function cellsOf(rows: ArrayLike<number>): PackedColumn[] {
  return packRows(table?.values ?? [], rows);
}

/**
 * The viewer worker's API; one payload at a time (a new one replaces what was kept).
 * @param taskMs work per task of the passes after the analysis (index, table, summary)
 * @param roomMs how long the Table's preparation waits after a Table answer (RENDER_ROOM_MS)
 * @param scrollMs how long the work between requests waits after pageScrolling (SCROLL_ROOM_MS)
 */
export function createViewerWorkerApi(
  taskMs = BACKGROUND_TASK_MS,
  roomMs = RENDER_ROOM_MS,
  scrollMs = SCROLL_ROOM_MS,
): ViewerWorkerApi {
  backgroundTaskMs = taskMs;
  renderRoomMs = roomMs;
  scrollRoomMs = scrollMs;
  // One API per worker; tests make several, each starting with no preparation waiting.
  preparationResumesAt = 0;
  clearTimeout(preparationTimer);
  preparationScheduled = false;

  /** Runs `step`; a failure other than the payload's own goes to `events.onFailed`. */
  const guarded = async (events: ViewerEvents, step: () => void | Promise<void>) => {
    try {
      await step();
    } catch (error) {
      // Through the events, so the failure arrives after what was reported before it.
      events.onFailed(errorMessage(error));
    }
  };

  const api: ViewerWorkerApi = {
    warmUp,
    headRecords(head) {
      stopWarmUp();
      const found =
        lastHeadRecords?.prefix === head
          ? lastHeadRecords.head && tableForPage(lastHeadRecords.head)
          : firstRecordsForPage(head, true);
      return found && transfer(found[0], found[1]);
    },
    analyze(received, maxIndexBytes, events) {
      stopWarmUp();
      return guarded(events, async () => {
        keepPayload('', null);
        refusedPayload = null;
        const text = await payloadText(received);
        const analysis = new PayloadAnalysis(maxIndexBytes, events, text.length);
        analysis.append(text);
        return analysis.end();
      });
    },
    analyzeFromPort(first, parts, maxIndexBytes, events) {
      stopWarmUp();
      keepPayload('', null);
      refusedPayload = null;
      const analysis = new PayloadAnalysis(maxIndexBytes, events, 0, true);
      void guarded(events, () => analysis.append(first));
      return new Promise<boolean>((resolve) => {
        parts.onmessage = ({ data }: MessageEvent<PayloadPartMessage>) => {
          // A newer payload began: this one's parts are dropped.
          if (analysis.superseded) {
            parts.close();
            resolve(false);
          } else if ('part' in data) {
            void guarded(events, () => analysis.append(data.part));
          } else {
            parts.close();
            if (data.complete) void guarded(events, () => analysis.end()).then(() => resolve(true));
            else resolve(false);
          }
        };
      });
    },
    indexOverLimit(received) {
      const refused = refusedPayload;
      // A newer payload, or this one's index already asked for: nothing to build.
      if (!refused) return Promise.resolve();
      return guarded(refused.events, async () => {
        const text = await payloadText(received);
        // Not the payload analysed (the page sends the one it shows; its length tells them apart).
        if (refused !== refusedPayload || text.length !== refused.charLength) return;
        refusedPayload = null;
        await indexAndTable(text, refused.events, refused.payloadNumber);
      });
    },
    prettyLines(from, to) {
      return linesOf(pretty, prettyStarts, from, to);
    },
    treeStructure() {
      if (!payloadIndex) return null;
      const structure = structureOf(payloadIndex);
      return transfer(structure, structureBuffers(structure));
    },
    treeIndex() {
      if (!payloadIndex) return null;
      const copy = copyIndex(payloadIndex);
      return transfer(copy, indexBuffers(copy));
    },
    nodeLabels(nodes) {
      const index = payloadIndex;
      if (!index) return [];
      return Array.from(nodes, (node) => labelOf(index, node, payload));
    },
    nodeSource(node) {
      const index = indexHolding(node);
      if (!index) return '';
      return payload.slice(index.start[node], index.end[node]);
    },
    nodePlace(node) {
      const index = indexHolding(node);
      if (!index) return { path: '', line: 0 };
      const element = index.kind[node] === NODE_ELEMENT ? node : (index.parent[node] ?? 0);
      return { path: nodePath(index, element), line: index.line[node] ?? 0 };
    },
    search(query) {
      const matches = searchText(pretty, query);
      const result = { ...matches, ...placeOnLines(matches.positions, prettyStarts) };
      return transfer(result, [
        result.positions.buffer as ArrayBuffer,
        result.lines.buffer as ArrayBuffer,
        result.columns.buffer as ArrayBuffer,
      ]);
    },
    queryTable(query, shown, firstRowsFirst = false) {
      // The Table's own queries ask for first rows; a CSV's whole order leaves a whole answer
      // being prepared for the Table alone.
      if (firstRowsFirst) latestTableQuery += 1;
      return answerTableQuery(query, shown, firstRowsFirst);
    },
    async queryTableWhenPrepared(query, shown) {
      const number = ++latestTableQuery;
      const queried = table;
      const current = () => number === latestTableQuery && table === queried;
      const prepared = await stepsInTasks(preparedFor(query, current), backgroundTaskMs);
      return prepared && current() ? answerTableQuery(query, shown, false) : null;
    },
    rankFirst(column) {
      preparation?.rankFirst(column);
      prepareTableWhenIdle();
    },
    pageScrolling() {
      holdBackground(scrollRoomMs);
    },
    tableCells(rows) {
      const cells = cellsOf(rows);
      return transfer(cells, packedBuffers(cells));
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
  return api;
}
