/**
 * The viewer's Web Worker: tokenizes, pretty-prints and indexes the payload, then answers
 * searches, table queries and CSV exports against what it keeps. Results travel as transferred
 * ArrayBuffers. The page terminates the worker to cancel.
 */
import { analyzeXml } from '../core/analyze-xml.ts';
import { extractRecordTable, type RecordTable } from '../core/record-table.ts';
import { queryRows, rowHaystacks, tableCsv } from '../core/table-query.ts';
import { indexBuffers } from '../core/xml-index.ts';
import { XmlSyntaxError } from '../core/xml-tokenizer.ts';
import { searchText } from './search-text.ts';
import { utf8Length } from './utf8-length.ts';
import type {
  AnalysisResult,
  FromWorker,
  PackedColumn,
  ToWorker,
  TransferredTable,
} from './viewer-worker-protocol.ts';

interface WorkerScope {
  postMessage(message: FromWorker, options?: { transfer: Transferable[] }): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let pretty = '';
let table: RecordTable | null = null;
let haystacks: string[] | null = null;
const rankCache = new Map<number, Int32Array>();

function packColumn(values: readonly string[]): PackedColumn {
  const offsets = new Uint32Array(values.length + 1);
  let length = 0;
  for (let i = 0; i < values.length; i++) {
    length += (values[i] ?? '').length;
    offsets[i + 1] = length;
  }
  return { text: values.join(''), offsets };
}

function analyze(xml: string, maxIndexBytes: number): void {
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
    analyzeMs: 0,
    indexMs: 0,
  };
  // Pass 1: the pretty text alone, so the Pretty view paints as early as possible.
  try {
    const analysis = analyzeXml(xml, {
      buildIndex: false,
      onProgress: (done) =>
        scope.postMessage({ type: 'progress', phase: 'pretty', done, total: xml.length }),
      onHead: (text) => scope.postMessage({ type: 'pretty-head', text }),
    });
    pretty = analysis.pretty;
    result.pretty = analysis.pretty;
    result.prettyLineCount = analysis.prettyLineCount;
    result.foldEnd = analysis.foldEnd;
    result.escaping = analysis.escaping;
    result.topLevelElementCount = analysis.topLevelElementCount;
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
  scope.postMessage(
    { type: 'analyzed', result },
    { transfer: [result.foldEnd.buffer as ArrayBuffer] },
  );
  if (!result.indexPending) return;

  // Pass 2: the tree index and the record table, transferred without copying.
  const indexStarted = performance.now();
  const { index } = analyzeXml(xml, {
    emitPretty: false,
    onProgress: (done) =>
      scope.postMessage({ type: 'progress', phase: 'index', done, total: xml.length }),
  });
  if (!index) return;
  table = extractRecordTable(xml, index);
  const transferred: TransferredTable | null = table && {
    rootName: table.rootName,
    recordName: table.recordName,
    records: table.records.slice(),
    columns: table.columns,
    otherChildren: table.otherChildren,
    packed: table.values.map(packColumn),
  };
  const transfer: Transferable[] = indexBuffers(index);
  if (transferred) {
    transfer.push(transferred.records.buffer as ArrayBuffer);
    for (const column of transferred.packed) transfer.push(column.offsets.buffer as ArrayBuffer);
  }
  scope.postMessage(
    {
      type: 'indexed',
      result: { index, table: transferred, indexMs: performance.now() - indexStarted },
    },
    { transfer },
  );
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

scope.onmessage = (event) => {
  const message = event.data;
  try {
    switch (message.type) {
      case 'analyze':
        analyze(message.xml, message.maxIndexBytes);
        break;
      case 'search': {
        const result = searchText(pretty, message.query);
        scope.postMessage(
          { type: 'search-result', requestId: message.requestId, result },
          { transfer: [result.positions.buffer as ArrayBuffer] },
        );
        break;
      }
      case 'table-query': {
        const started = performance.now();
        const values = table?.values ?? [];
        // Haystacks are built on the first filter only: sorting alone does not need them.
        if (message.query.filter.trim())
          haystacks ??= rowHaystacks(values, table?.records.length ?? 0);
        const rows = queryRows(
          values,
          haystacks ?? [],
          message.query,
          rankCache,
          table?.records.length ?? 0,
        );
        scope.postMessage(
          {
            type: 'table-query-result',
            requestId: message.requestId,
            rows,
            elapsedMs: performance.now() - started,
          },
          { transfer: [rows.buffer as ArrayBuffer] },
        );
        break;
      }
      case 'table-csv': {
        const columns = table?.columns ?? [];
        const values = table?.values ?? [];
        const csv = tableCsv(
          message.columns.map((c) => columns[c]?.label ?? ''),
          message.columns.map((c) => values[c] ?? []),
          message.rows,
        );
        scope.postMessage({ type: 'table-csv-result', requestId: message.requestId, csv });
        break;
      }
    }
  } catch (error) {
    scope.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
