/**
 * The page side of the viewer's worker: starts it, sends the payload, and turns request/response
 * messages into promises. `dispose()` terminates the worker, which is how leaving the page
 * cancels work in flight.
 */
import type { TableQuery } from '../../xml/table-query.ts';
import type { XmlSummary } from '../../xml/xml-summary.ts';
import type {
  AnalysisResult,
  FromWorker,
  IndexResult,
  SearchResult,
  ToWorker,
  TransferredTable,
} from './viewer-worker-protocol.ts';

export interface ViewerWorkerCallbacks {
  onProgress(phase: 'pretty' | 'index', done: number, total: number): void;
  onHead(text: string): void;
  onTableHead(table: TransferredTable): void;
  onAnalyzed(result: AnalysisResult): void;
  onIndexed(result: IndexResult): void;
  onFailed(message: string): void;
  onSummary(summary: XmlSummary): void;
}

export interface ViewerWorkerClient {
  search(query: string): Promise<SearchResult>;
  queryTable(query: TableQuery): Promise<{ rows: Uint32Array; elapsedMs: number }>;
  csv(columns: number[], rows: Uint32Array): Promise<string>;
  dispose(): void;
}

type Pending = (message: FromWorker) => void;

const NO_MATCHES: SearchResult = { positions: new Int32Array(0), length: 0, total: 0 };

function createWorker(): Worker {
  return new Worker(new URL('./viewer.worker.ts', import.meta.url), { type: 'module' });
}

// A worker started ahead of time (see prewarmViewerWorker) has its code loaded and compiled by
// the time a payload arrives.
let spare: Worker | null = null;

/** Starts a worker now, to be used by the next viewer. @example prewarmViewerWorker() */
export function prewarmViewerWorker(): void {
  if (spare) return;
  spare = createWorker();
  spare.postMessage({ type: 'warm-up' } satisfies ToWorker);
}

function takeWorker(): Worker {
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
  /** The payload as text, or as UTF-8 bytes, which are transferred (detached here). */
  xml: string | ArrayBuffer,
  maxIndexBytes: number,
  callbacks: ViewerWorkerCallbacks,
): ViewerWorkerClient {
  const worker = takeWorker();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let disposed = false;

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'progress':
        callbacks.onProgress(message.phase, message.done, message.total);
        return;
      case 'indexed':
        callbacks.onIndexed(message.result);
        return;
      case 'pretty-head':
        callbacks.onHead(message.text);
        return;
      case 'table-head':
        callbacks.onTableHead(message.table);
        return;
      case 'analyzed':
        callbacks.onAnalyzed(message.result);
        return;
      case 'failed':
        callbacks.onFailed(message.message);
        return;
      case 'summary':
        callbacks.onSummary(message.summary);
        return;
      default: {
        const resolve = pending.get(message.requestId);
        pending.delete(message.requestId);
        resolve?.(message);
      }
    }
  };
  worker.onerror = (event) => {
    callbacks.onFailed(event.message || 'The viewer worker stopped unexpectedly.');
  };

  const post = (message: ToWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  if (typeof xml === 'string') post({ type: 'analyze', xml, maxIndexBytes });
  else post({ type: 'analyze', utf8: xml, maxIndexBytes }, [xml]);

  const request = <T>(
    build: (requestId: number) => ToWorker,
    pick: (m: FromWorker) => T,
    transfer: Transferable[] = [],
  ) =>
    new Promise<T>((resolve, reject) => {
      if (disposed) {
        reject(new Error('The viewer was closed.'));
        return;
      }
      const requestId = nextId++;
      pending.set(requestId, (message) => resolve(pick(message)));
      post(build(requestId), transfer);
    });

  const sendSearch = (query: string) =>
    request(
      (requestId) => ({ type: 'search', requestId, query }),
      (m) => (m.type === 'search-result' ? m.result : NO_MATCHES),
    );
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
    search,
    queryTable: (query) =>
      request(
        (requestId) => ({ type: 'table-query', requestId, query }),
        (m) =>
          m.type === 'table-query-result'
            ? { rows: m.rows, elapsedMs: m.elapsedMs }
            : { rows: new Uint32Array(0), elapsedMs: 0 },
      ),
    csv: (columns, rows) => {
      const copy = rows.slice();
      return request(
        (requestId) => ({ type: 'table-csv', requestId, columns, rows: copy }),
        (m) => (m.type === 'table-csv-result' ? m.csv : ''),
        [copy.buffer],
      );
    },
    dispose() {
      disposed = true;
      pending.clear();
      worker.terminate();
    },
  };
}
