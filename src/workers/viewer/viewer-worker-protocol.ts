/** What crosses between the viewer and its Web Worker: the worker's API, its events and results. */
import type { EscapingReport } from '../../xml/analyze-xml.ts';
import type { TableColumn } from '../../xml/record-table.ts';
import type { TableQuery } from '../../xml/table-query.ts';
import type { NodeLabel } from '../../xml/node-label.ts';
import type { XmlTreeIndex, XmlTreeStructure } from '../../xml/xml-index.ts';
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
  /**
   * The values of the first rows, per column: all of them for a table of the first records (a
   * preview); the first TABLE_HEAD_ROWS of the whole table, whose other rows the page asks for
   * (`tableCells`).
   */
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
  /**
   * The pretty text's line count; 0 when the payload is not well-formed (see `syntaxError`). The
   * text itself stays in the worker: the page asks for the lines it shows (`prettyLines`).
   */
  prettyLineCount: number;
  foldEnd: Int32Array;
  /**
   * The tree index's node count once the index pass (reported after the pretty text) is done;
   * null until then, and when there is none. The index stays in the worker: the page asks for
   * its structure (`treeStructure`) when a view walks the tree.
   */
  indexNodeCount: number | null;
  table: TransferredTable | null;
  /** True while the worker is still building the tree index and table. */
  indexPending: boolean;
  escaping: EscapingReport | null;
  topLevelElementCount: number;
  /** Set when the tree and table were not built because the payload is over the size limit. */
  indexRefusedReason: string | null;
  syntaxError: SyntaxErrorInfo | null;
  /**
   * Characters XML 1.0 cannot carry (raw, or as `&#x1;`), shown as sent: the first few
   * messages (with line and column) and how many in all.
   */
  characterProblems: { first: string[]; count: number };
  analyzeMs: number;
  /** Time of the index pass, once done. */
  indexMs: number;
}

export interface IndexResult {
  nodeCount: number;
  table: TransferredTable | null;
  indexMs: number;
}

/** Where a node is, for a link to it and for Pretty; `path` is '' before the payload is indexed. */
export interface NodePlace {
  /** The path of the node's element (the node itself, or the parent of a text or comment). */
  path: string;
  /** The pretty line (0-based) of the node's first line. */
  line: number;
}

/** Positions [from, to) in a table's row order: the rows on screen. */
export interface ShownRows {
  from: number;
  to: number;
}

export interface TableAnswer<Cells = PackedColumn[]> {
  /**
   * The record rows in the order asked for, only those the filter keeps: all of them when
   * `whole`, else the first (those up to the screen's end).
   */
  rows: Uint32Array;
  /** How many rows the query keeps in all; null while a filter's first rows are counted on. */
  rowCount: number | null;
  /** False for a query's first rows, before the whole answer (see queryTable). */
  whole: boolean;
  elapsedMs: number;
  /**
   * The cells of rows[shown.from .. shown.to): packed per column as they cross from the worker,
   * row by row (a value per column) once the client has unpacked them.
   */
  shownCells: Cells;
}

export interface SearchResult {
  /** Start offsets of the matches in the pretty text (at most `limit`). */
  positions: Int32Array;
  /** The pretty line (0-based) and the column of each stored match. */
  lines: Int32Array;
  columns: Int32Array;
  length: number;
  /** All matches, even those beyond the stored positions. */
  total: number;
}

/**
 * What the worker reports while it analyzes a payload, in this order: progress, the first lines
 * of the pretty text and the first records of the table (large payloads only), the analysis,
 * the tree index and table (for a payload in parts built in the same pass, so right after; for
 * a whole one by a second pass), the element summary; or a failure.
 */
export interface ViewerEvents {
  onProgress(phase: 'pretty' | 'index', done: number, total: number): void;
  onHead(text: string): void;
  onTableHead(table: TransferredTable): void;
  onAnalyzed(result: AnalysisResult): void;
  onIndexed(result: IndexResult): void;
  onFailed(message: string): void;
  onSummary(summary: XmlSummary): void;
}

/** What the viewer's worker serves. Typed arrays in results are transferred, not copied. */
export interface ViewerWorkerApi {
  /**
   * Runs every pass once over a small synthetic document, so the first real payload runs
   * optimized code instead of V8's interpreter (a worker started ahead of a payload): a pass per
   * task, none after a payload's first request. Resolves when it ends or stops.
   */
  warmUp(): Promise<void>;
  /**
   * The first records in the head of an answer still arriving (its whole records before the
   * cut), for the Table shown while the rest arrives; null when there are none. Needs no payload.
   */
  headRecords(head: string): TransferredTable | null;
  /**
   * Analyzes the payload (text, or UTF-8 bytes decoded in the worker), reporting to `events`;
   * settles once the summary is reported (or the analysis failed).
   */
  /** `payload`: text, UTF-8 bytes, or a held payload's Blob of UTF-8 (src/text/held-text.ts). */
  analyze(
    payload: string | Uint8Array | Blob,
    maxIndexBytes: number,
    events: ViewerEvents,
  ): Promise<void>;
  /**
   * Analyzes a payload whose first part is `first` and whose other parts arrive on `parts`
   * (payload-parts-port.ts) as they are received, reported to `events` as `analyze` reports a
   * whole payload: the first lines as soon as the parts hold them, the table's first records
   * ahead (a payload whose head was cut is a large one). Resolves true once the summary is
   * reported (or the analysis failed); false when the sender says the parts are not the
   * payload, or a newer payload began: nothing more is reported then.
   */
  analyzeFromPort(
    first: string,
    parts: MessagePort,
    maxIndexBytes: number,
    events: ViewerEvents,
  ): Promise<boolean>;
  /**
   * Builds the tree index and the record table of the last payload, which was well-formed but
   * over its index limit, from its text sent again (the worker does not keep a payload it does
   * not index). Reported through that payload's events (index progress, then `onIndexed`, or
   * `onFailed`); does nothing once a newer payload began or when already asked.
   */
  indexOverLimit(payload: string | Blob): Promise<void>;
  /** Lines [from, to) of the last payload's pretty text, joined by line breaks. */
  prettyLines(from: number, to: number): string;
  /** A copy of the last payload's tree structure (transferred); null before it is indexed. */
  treeStructure(): XmlTreeStructure | null;
  /** A copy of the last payload's whole tree index (transferred), for the XPath worker. */
  treeIndex(): XmlTreeIndex | null;
  /** What the Tree's rows of these nodes show; empty before the payload is indexed. */
  nodeLabels(nodes: Int32Array): NodeLabel[];
  /** A node's exact source (its outer XML as received); '' before the payload is indexed. */
  nodeSource(node: number): string;
  /** Where a node is: its element's path (the node's own, or its parent's) and its pretty line. */
  nodePlace(node: number): NodePlace;
  search(query: string): SearchResult;
  /**
   * The table's row order for `query`, and the cells of the rows it puts at positions
   * [shown.from, shown.to) (those on screen), so that the page paints them without asking again.
   * With `firstRowsFirst`, a query whose whole answer takes tens of milliseconds answers with
   * the rows up to shown.to only (`whole` false): a sort of a column not ranked yet (the best
   * rows in one pass over the rows), or a filter while most rows' search text is not built yet
   * (the rows tested in order until that many match; `rowCount` null). The whole answer is
   * queryTableWhenPrepared's.
   */
  queryTable(query: TableQuery, shown?: ShownRows, firstRowsFirst?: boolean): TableAnswer;
  /**
   * queryTable's whole answer, once what it needs is prepared in short tasks (the sort column's
   * ranks, the rows the filter keeps), the worker answering other requests meanwhile; null when
   * a newer query for first rows, or a newer call of this, came first (the Table has moved on).
   */
  queryTableWhenPrepared(query: TableQuery, shown?: ShownRows): Promise<TableAnswer | null>;
  /**
   * A column is likely to be sorted soon (its header pointed at or focused): its ranks are
   * prepared before the other columns'.
   */
  rankFirst(column: number): void;
  /**
   * The page is scrolling: the worker's work between requests (the passes after the analysis,
   * the Table's preparation) waits until SCROLL_ROOM_MS after the last call, leaving the cores to
   * the page's frames; requests are still answered at once.
   */
  pageScrolling(): void;
  /** The cells of these rows of the record table, packed per column. */
  tableCells(rows: Uint32Array): PackedColumn[];
  csv(columns: number[], rows: Uint32Array): string;
}
