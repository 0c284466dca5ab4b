/**
 * The page side of the viewer's worker: starts it, sends the payload and hands the analysis's
 * reports to the viewer's callbacks; search, table query and CSV are calls answered by promises.
 * `dispose()` terminates the worker, which is how leaving the page cancels work in flight.
 */
import type { TableQuery } from '../../xml/table-query.ts';
import type { NodeLabel } from '../../xml/node-label.ts';
import type { XmlTreeIndex, XmlTreeStructure } from '../../xml/xml-index.ts';
import { callWorker, proxy, transfer, type WorkerCalls } from '../worker-call.ts';
import { unpackAnswer, unpackRows } from './table-transfer.ts';
import type {
  NodePlace,
  SearchResult,
  ShownRows,
  TableAnswer,
  TransferredTable,
  ViewerEvents,
  ViewerWorkerApi,
} from './viewer-worker-protocol.ts';
import { errorMessage, toError } from '../../text/error-message.ts';

/** What the viewer is told while its payload is analyzed (see ViewerEvents for the order). */
export type ViewerWorkerCallbacks = ViewerEvents;

export interface ViewerWorkerClient {
  /** Lines [from, to) of the pretty text, as an array (the page keeps only what it shows). */
  prettyLines(from: number, to: number): Promise<string[]>;
  /**
   * A copy of the tree's structure (shape, names, lines) for a view that walks it; null when the
   * payload has no index. The index and the text stay in the worker.
   */
  treeStructure(): Promise<XmlTreeStructure | null>;
  /** A copy of the whole tree index, handed on to the XPath worker; null when there is none. */
  treeIndex(): Promise<XmlTreeIndex | null>;
  /** What the Tree's rows of these nodes show, in the same order. */
  nodeLabels(nodes: readonly number[]): Promise<NodeLabel[]>;
  /** A node's exact source (its outer XML as received). */
  nodeSource(node: number): Promise<string>;
  /** Where a node is: its element's path and its pretty line. */
  nodePlace(node: number): Promise<NodePlace>;
  search(query: string): Promise<SearchResult>;
  /**
   * The row order for `query`, with the cells of the rows it puts at the `shown` positions; with
   * `firstRowsFirst`, possibly only the first rows (see ViewerWorkerApi.queryTable).
   */
  queryTable(
    query: TableQuery,
    shown?: ShownRows,
    firstRowsFirst?: boolean,
  ): Promise<TableAnswer<string[][]>>;
  /** The whole answer once prepared, or null when a newer query came first (see the worker's). */
  queryTableWhenPrepared(
    query: TableQuery,
    shown?: ShownRows,
  ): Promise<TableAnswer<string[][]> | null>;
  /**
   * Builds the tree index and table of a payload that was over the index limit (the same
   * payload, sent again), reported through the callbacks as the analysis's own.
   */
  indexOverLimit(payload: string | Blob): void;
  /** The column will likely be sorted soon: the worker ranks it before the others. */
  rankFirst(column: number): void;
  /**
   * The view is scrolling: the worker's work between requests waits a little (see
   * ViewerWorkerApi.pageScrolling). Called on every scroll event; told at most every
   * SCROLL_SIGNAL_MS.
   */
  pageScrolling(): void;
  /** The cells of these record-table rows, row by row, a value per column. */
  tableCells(rows: readonly number[]): Promise<string[][]>;
  csv(columns: number[], rows: Uint32Array): Promise<string>;
  dispose(): void;
}

const NO_MATCHES: SearchResult = {
  positions: new Int32Array(0),
  lines: new Int32Array(0),
  columns: new Int32Array(0),
  length: 0,
  total: 0,
};

export type ViewerWorker = WorkerCalls<ViewerWorkerApi>;

function createWorker(): ViewerWorker {
  return callWorker<ViewerWorkerApi>(
    new Worker(new URL('./viewer.worker.ts', import.meta.url), { type: 'module' }),
    { describeFailure: (detail) => detail || 'The viewer worker stopped unexpectedly.' },
  );
}

// A worker started ahead of time (see prewarmViewerWorker) has its code loaded and compiled by
// the time a payload arrives.
let spare: ViewerWorker | null = null;

/** How often, at most, a scrolling view tells the worker so (pageScrolling). */
export const SCROLL_SIGNAL_MS = 50;

/** Starts a worker now, to be used by the next viewer. @example prewarmViewerWorker() */
export function prewarmViewerWorker(): void {
  if (spare) return;
  spare = createWorker();
  // A warm-up that fails leaves the worker to fail the viewer's own first call.
  spare.calls.warmUp().catch(() => undefined);
}

/**
 * The first records in the head of an answer still arriving, read by the worker the next viewer
 * will use (started now if there is none), so that the page does not parse them while it
 * receives the answer. Rejects where workers do not run.
 *
 * @example const rows = await headRecordsInWorker(head); // null: no whole record yet
 */
export function headRecordsInWorker(head: string): Promise<TransferredTable | null> {
  // The worker reading this answer as it arrives, when there is one: it has its code warm, and
  // the next viewer's is not taken from it.
  if (arrivingWorker) return arrivingWorker.calls.headRecords(head);
  try {
    prewarmViewerWorker();
  } catch (error) {
    // A worker the page may not start (no Worker, a refused script): the caller reads them.
    return Promise.reject(toError(error));
  }
  if (!spare) return Promise.reject(new Error('no viewer worker'));
  return spare.calls.headRecords(head);
}

/** The worker of the latest analysis begun while its answer arrives, until it is stopped. */
let arrivingWorker: ViewerWorker | null = null;

function takeWorker(): ViewerWorker {
  const worker = spare ?? createWorker();
  spare = null;
  return worker;
}

/**
 * @example
 * const client = startViewerWorker(xml, 50_000_000, { onProgress, onAnalyzed, onFailed });
 * // later: client.dispose();
 */
export function startViewerWorker(
  /**
   * The payload as text, as UTF-8 bytes, whose buffer is transferred (detached here), or as a
   * Blob of UTF-8 (a held payload), which the worker reads itself.
   */
  xml: string | Uint8Array | Blob,
  maxIndexBytes: number,
  callbacks: ViewerWorkerCallbacks,
): ViewerWorkerClient {
  return connect(takeWorker(), callbacks, (calls, events) =>
    calls.analyze(
      ArrayBuffer.isView(xml) ? transfer(xml, [xml.buffer as ArrayBuffer]) : xml,
      maxIndexBytes,
      events,
    ),
  );
}

/**
 * A payload's analysis begun while its answer arrives (analyzePayloadAsItArrives), waiting for
 * the viewer that shows the answer to take it over.
 */
export interface ArrivingAnalysis {
  readonly maxIndexBytes: number;
  /**
   * Hands the analysis to a viewer: what the worker reported so far is told to `callbacks` (in
   * a microtask, after this returns), the rest as it comes. `onAbandoned` is told when the parts
   * turn out not to be the payload: the viewer then analyzes the result itself. Null once taken
   * or abandoned.
   */
  adopt(callbacks: ViewerWorkerCallbacks, onAbandoned: () => void): ViewerWorkerClient | null;
  /** Terminates its worker, unless a viewer took it over. */
  release(): void;
}

/**
 * Starts the viewer's worker on a payload whose head has arrived and whose other parts reach the
 * worker on `parts` (payload-parts-port.ts), straight from the thread that receives them. What
 * the worker reports is kept until a viewer adopts the analysis.
 *
 * @example
 * const arriving = analyzePayloadAsItArrives(head, port, 50_000_000);
 * // later, in the viewer: arriving.adopt(callbacks, startOver) ?? startViewerWorker(...)
 */
export function analyzePayloadAsItArrives(
  head: string,
  parts: MessagePort,
  maxIndexBytes: number,
  worker: ViewerWorker = takeWorker(),
): ArrivingAnalysis {
  arrivingWorker = worker;
  const forget = () => {
    if (arrivingWorker === worker) arrivingWorker = null;
  };
  const reported: Array<(callbacks: ViewerWorkerCallbacks) => void> = [];
  let adopter: ViewerWorkerCallbacks | null = null;
  let onAbandoned: (() => void) | null = null;
  let state: 'waiting' | 'adopted' | 'gone' = 'waiting';
  const tell = (report: (callbacks: ViewerWorkerCallbacks) => void) => {
    if (adopter) report(adopter);
    else reported.push(report);
  };
  const keeping = relayedEvents(tell);
  /** Ends the analysis and its worker, whether a viewer took it over or not. */
  const stop = () => {
    state = 'gone';
    forget();
    client.dispose();
  };
  const abandon = () => {
    const wasAdopted = state === 'adopted';
    stop();
    if (wasAdopted) onAbandoned?.();
  };
  const client = connect(worker, keeping, async (calls, events) => {
    const complete = await calls.analyzeFromPort(
      head,
      transfer(parts, [parts]),
      maxIndexBytes,
      events,
    );
    if (!complete && state !== 'gone') abandon();
  });
  return {
    maxIndexBytes,
    adopt(callbacks, abandoned) {
      if (state !== 'waiting') return null;
      state = 'adopted';
      onAbandoned = abandoned;
      queueMicrotask(() => {
        if (state !== 'adopted') return;
        for (const report of reported.splice(0)) report(callbacks);
        adopter = callbacks;
      });
      return { ...client, dispose: stop };
    },
    release() {
      if (state === 'waiting') stop();
    },
  };
}

/**
 * Events that hand each report to `tell`, which passes it on to callbacks (or drops or keeps it).
 *
 * @example relayedEvents((report) => report(callbacks)) // passes every report on at once
 */
function relayedEvents(tell: (report: (callbacks: ViewerEvents) => void) => void): ViewerEvents {
  return {
    onProgress: (phase, done, total) => tell((c) => c.onProgress(phase, done, total)),
    onHead: (text) => tell((c) => c.onHead(text)),
    onTableHead: (table) => tell((c) => c.onTableHead(table)),
    onAnalyzed: (result) => tell((c) => c.onAnalyzed(result)),
    onIndexed: (result) => tell((c) => c.onIndexed(result)),
    onFailed: (message) => tell((c) => c.onFailed(message)),
    onSummary: (summary) => tell((c) => c.onSummary(summary)),
  };
}

/**
 * The client of one worker: `start` sends the payload (or its first message) with the events
 * proxied; failures of any call go to onFailed, and nothing is told after dispose.
 */
function connect(
  worker: ViewerWorker,
  callbacks: ViewerWorkerCallbacks,
  start: (calls: ViewerWorker['calls'], events: ViewerEvents) => Promise<void>,
): ViewerWorkerClient {
  let disposed = false;

  /**
   * A failed call is reported through onFailed, as a failure of the analysis is; its promise
   * then never settles (the view that asked has nothing to show). After dispose, nothing is
   * reported, and a call is not sent: its promise never settles either (a view still holding
   * the client, e.g. one React shows again in development, waits for its successor's).
   */
  const request = <T>(call: () => Promise<T>): Promise<T> => {
    if (disposed) return new Promise<T>(() => undefined);
    return call().catch((error: unknown) => {
      if (!disposed) callbacks.onFailed(errorMessage(error));
      return new Promise<T>(() => undefined);
    });
  };

  // Reports still on their way when the viewer closes are dropped.
  const events = relayedEvents((report) => {
    if (!disposed) report(callbacks);
  });
  void request(() => start(worker.calls, proxy(events)));

  let scrollingToldAt = -Infinity;
  const sendSearch = (query: string) => request(() => worker.calls.search(query));
  // Searches are not debounced; while one runs in the worker only the latest query waits, and
  // the queries typed in between are answered with no matches (their callers moved on).
  let searchRunning: Promise<unknown> | null = null;
  let waitingSearch: { query: string; resolve: (result: SearchResult) => void } | null = null;
  const search = (query: string): Promise<SearchResult> => {
    if (!searchRunning) {
      const running = sendSearch(query);
      searchRunning = running;
      const next = () => {
        searchRunning = null;
        const waiting = waitingSearch;
        waitingSearch = null;
        if (waiting) void search(waiting.query).then(waiting.resolve);
      };
      running.then(next, next);
      return running;
    }
    waitingSearch?.resolve(NO_MATCHES);
    return new Promise((resolve) => {
      waitingSearch = { query, resolve };
    });
  };

  return {
    prettyLines: (from, to) =>
      request(() => worker.calls.prettyLines(from, to)).then((text) =>
        to > from ? text.split('\n') : [],
      ),
    treeStructure: () => request(() => worker.calls.treeStructure()),
    treeIndex: () => request(() => worker.calls.treeIndex()),
    nodeLabels: (nodes) => {
      const ids = Int32Array.from(nodes);
      return request(() => worker.calls.nodeLabels(transfer(ids, [ids.buffer])));
    },
    nodeSource: (node) => request(() => worker.calls.nodeSource(node)),
    nodePlace: (node) => request(() => worker.calls.nodePlace(node)),
    search,
    queryTable: (query, shown, firstRowsFirst) =>
      request(() => worker.calls.queryTable(query, shown, firstRowsFirst)).then(unpackAnswer),
    queryTableWhenPrepared: (query, shown) =>
      request(() => worker.calls.queryTableWhenPrepared(query, shown)).then(
        (answer) => answer && unpackAnswer(answer),
      ),
    indexOverLimit: (payload) => void request(() => worker.calls.indexOverLimit(payload)),
    rankFirst: (column) => void request(() => worker.calls.rankFirst(column)),
    pageScrolling: () => {
      const now = performance.now();
      if (now - scrollingToldAt < SCROLL_SIGNAL_MS) return;
      scrollingToldAt = now;
      void request(() => worker.calls.pageScrolling());
    },
    tableCells: (rows) => {
      const ids = Uint32Array.from(rows);
      return request(() => worker.calls.tableCells(transfer(ids, [ids.buffer]))).then(unpackRows);
    },
    csv: (columns, rows) => {
      const copy = rows.slice();
      return request(() => worker.calls.csv(columns, transfer(copy, [copy.buffer])));
    },
    dispose() {
      disposed = true;
      worker.stop(new Error('The viewer was closed.'));
    },
  };
}
