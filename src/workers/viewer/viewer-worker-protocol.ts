/** Messages between the viewer and its Web Worker. Typed arrays travel as Transferables. */
import type { EscapingReport } from '../../xml/analyze-xml.ts';
import type { TableColumn } from '../../xml/record-table.ts';
import type { TableQuery } from '../../xml/table-query.ts';
import type { XmlTreeIndex } from '../../xml/xml-index.ts';
import type { XmlSummary } from '../../xml/xml-summary.ts';

/** One table column as one string plus row boundaries: cheap to clone, sliced on demand. */
export interface PackedColumn {
  text: string;
  /** offsets[row]..offsets[row + 1] is the row's value; length rows + 1. */
  offsets: Uint32Array;
}

export interface TransferredTable {
  rootName: string;
  recordName: string;
  records: Int32Array;
  columns: TableColumn[];
  otherChildren: number;
  packed: PackedColumn[];
}

export interface SyntaxErrorInfo {
  message: string;
  line: number;
  column: number;
  offset: number;
}

export interface AnalysisResult {
  charLength: number;
  byteLength: number;
  /** Null when the payload is not well-formed (see `syntaxError`). */
  pretty: string | null;
  prettyLineCount: number;
  foldEnd: Int32Array;
  /** Null until the index pass (sent separately, after the pretty text) arrives. */
  index: XmlTreeIndex | null;
  table: TransferredTable | null;
  /** True while the worker is still building the tree index and table. */
  indexPending: boolean;
  escaping: EscapingReport | null;
  topLevelElementCount: number;
  /** Set when the tree and table were not built because the payload is over the size limit. */
  indexRefusedReason: string | null;
  syntaxError: SyntaxErrorInfo | null;
  analyzeMs: number;
  /** Time of the index pass, once done. */
  indexMs: number;
}

export interface IndexResult {
  index: XmlTreeIndex;
  table: TransferredTable | null;
  indexMs: number;
}

export type ToWorker =
  | { type: 'analyze'; xml: string; maxIndexBytes: number }
  /** The payload as UTF-8 bytes (transferred), decoded in the worker. */
  | { type: 'analyze'; utf8: ArrayBuffer; maxIndexBytes: number }
  /**
   * Sent to a worker started ahead of a payload: runs every pass once over a small synthetic
   * document, so the first real payload runs optimized code instead of V8's interpreter.
   */
  | { type: 'warm-up' }
  | { type: 'search'; requestId: number; query: string }
  | { type: 'table-query'; requestId: number; query: TableQuery }
  | { type: 'table-csv'; requestId: number; columns: number[]; rows: Uint32Array };

export interface SearchResult {
  /** Start offsets of the matches in the pretty text (at most `limit`). */
  positions: Int32Array;
  length: number;
  /** All matches, even those beyond the stored positions. */
  total: number;
}

export type FromWorker =
  | { type: 'progress'; phase: 'pretty' | 'index'; done: number; total: number }
  /** The first lines of the pretty text, before the pass is over (large payloads only). */
  | { type: 'pretty-head'; text: string }
  /** The first records of the table (large payloads only), before the index pass. */
  | { type: 'table-head'; table: TransferredTable }
  | { type: 'analyzed'; result: AnalysisResult }
  | { type: 'indexed'; result: IndexResult }
  | { type: 'failed'; message: string }
  /** The element summary of the payload (the console's one-line count), after the other passes. */
  | { type: 'summary'; summary: XmlSummary }
  | { type: 'search-result'; requestId: number; result: SearchResult }
  | { type: 'table-query-result'; requestId: number; rows: Uint32Array; elapsedMs: number }
  | { type: 'table-csv-result'; requestId: number; csv: string };
