/**
 * The Table view: one row per record, in a window of fixed-height rows (only those on screen are
 * in the DOM). Sorting, filtering and CSV run in the worker; the page receives the row order, and
 * the cells of the rows on screen (`table-cells.ts`).
 */
import { useRowWindow } from '../../virtual-rows/use-row-window.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { analyzeXml } from '../../../xml/analyze-xml.ts';
import type { SortDirection } from '../../../xml/row-ranks.ts';
import type { TableQuery } from '../../../xml/table-query.ts';
import { downloadText } from '../clipboard-and-download.ts';
import type { ViewerWorkerClient } from '../../../workers/viewer/viewer-worker-client.ts';
import type {
  TableAnswer,
  TransferredTable,
} from '../../../workers/viewer/viewer-worker-protocol.ts';
import { formatCount } from '../format-count.ts';
import { ColumnResizeHandle } from './column-resize-handle.tsx';
import { useColumnWidths, type ChosenWidths } from './use-column-widths.ts';
import { useNodePath, useNodeSource } from './use-node-source.ts';
import { TableCells } from './table-cells.ts';
import { afterNextPaint } from '../../../tasks/next-turn.ts';

/** Matches xml-viewer.css's `.xv-grid-row` height. */
const ROW_HEIGHT = 30;
/** Matches xml-viewer.css's `.xv-grid-scroll` height (65vh). */
const VIEWPORT_SHARE = 0.65;
const OVERSCAN = 12;
/** The header row's right padding (xv-grid-head), over the body's scroll bar. */
const HEAD_SCROLLBAR_ROOM_PX = 12;

function identityRows(count: number): Uint32Array {
  const rows = new Uint32Array(count);
  for (let i = 0; i < count; i++) rows[i] = i;
  return rows;
}

/** A record's XML, pretty-printed for reading (falls back to the source slice). */
function recordXml(source: string): string {
  try {
    return analyzeXml(source, { buildIndex: false }).pretty.toString();
  } catch {
    return source;
  }
}

export default function TableView({
  table,
  client,
  fileName,
  onCopy,
  onCopyXPath,
  onSelectPath,
  chosenWidths,
}: {
  table: TransferredTable;
  /**
   * The viewer's worker: queries, CSV, a record's XML and path (the page holds neither the text
   * nor the index). Null while `table` is only the first records (a preview): nothing to sort,
   * filter or open.
   */
  client: ViewerWorkerClient | null;
  fileName: string;
  onCopy: (text: string, what: string) => Promise<void>;
  /** Copies an XPath that selects exactly this record (absent while previewing). */
  onCopyXPath?: (node: number) => void;
  onSelectPath: (path: string) => void;
  /** Column widths the user chose, kept by the viewer across a switch of views. */
  chosenWidths?: ChosenWidths;
}) {
  const recordCount = table.records.length;
  const preview = client === null;
  // By key, not position: the whole table that follows a preview may hold more columns.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const hiddenColumn = (column: number) => hidden.has(table.columns[column]?.key ?? '');
  const showColumn = (key: string, shown: boolean) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (shown) next.delete(key);
      else next.add(key);
      return next;
    });
  const [sort, setSort] = useState<{ column: number; direction: SortDirection } | null>(null);
  const [filter, setFilter] = useState('');
  const [view, setView] = useState<TableAnswer<string[][]> | null>(null);
  const [selectedRow, setSelectedRow] = useState<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const { widthOf, resize, gridRef } = useColumnWidths(table, chosenWidths);
  // Before the first answer the rows are in the records' order: not written out as an array, a
  // loop the page would run over every record as the table mounts (45 ms at 600,000).
  // A first answer (a sort of a column not ranked yet, a filter) holds the first rows only: the
  // rows after them (-1) wait for the whole answer, which follows it. A filter's count comes with
  // the whole answer.
  const order = view?.rows ?? null;
  const counting = view !== null && view.rowCount === null;
  const rowCount = view ? (view.rowCount ?? view.rows.length) : recordCount;
  const rowAt = (index: number) => (order ? (order[index] ?? -1) : index);
  const query: TableQuery = {
    sortColumn: sort?.column ?? null,
    sortDirection: sort?.direction ?? 'asc',
    filter,
  };
  const [, setCellsVersion] = useState(0);
  const cells = useMemo(
    () => new TableCells(table, client, () => setCellsVersion((v) => v + 1)),
    [table, client],
  );
  useEffect(() => {
    cells.open();
    return () => cells.close();
  }, [cells]);

  const shownColumns = table.columns.map((_, i) => i).filter((i) => !hiddenColumn(i));
  // Fixed-height rows: which are on screen is worked out from the scroll position alone, with no
  // pass over the rows (a table of 600,000 records mounts and filters without one).
  const { layout } = useRowWindow(scrollRef, rowCount, ROW_HEIGHT, {
    viewportShare: VIEWPORT_SHARE,
    overscan: OVERSCAN,
    onScrolled: client?.pageScrolling,
  });
  const firstShown = layout.firstRow;
  const endShown = layout.firstRow + layout.rowCount;

  // Before the browser paints the new sort or filter, not after: the worker starts on the query
  // while the page paints the header.
  useLayoutEffect(() => {
    if (!client) return;
    let cancelled = false;
    // The answer brings the cells of the rows it puts where the screen is now, so a sort or a
    // filter paints in one go rather than asking for them after.
    const shown = { from: firstShown, to: endShown };
    const show = (next: TableAnswer<string[][]>) => {
      cells.put(next.rows.subarray(shown.from, shown.to), next.shownCells);
      setView(next);
    };
    // No debounce: a query takes milliseconds in the worker, and an answer for an outdated
    // filter is dropped when the next keystroke cancels this effect. A sort of a column not
    // ranked yet, or a filter while the worker still builds the rows' search text, answers with
    // the screen's rows first; the whole answer is asked for once they are painted, so that its
    // work does not take a core from their render.
    void client.queryTable(query, shown, true).then((first) => {
      if (cancelled) return;
      show(first);
      if (first.whole) return;
      afterNextPaint(() => {
        if (cancelled) return;
        void client.queryTableWhenPrepared(query, shown).then((next) => {
          if (!cancelled && next) show(next);
        });
      });
    });
    return () => {
      cancelled = true;
    };
    // The screen's rows are read when a query is sent, not a reason to send one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, cells, sort, filter]);

  // A header pointed at or focused is likely clicked next: its column is ranked first, so that
  // the sort the click asks for finds its ranks ready (once per column and worker).
  const rankedFirst = useRef(new Set<number>());
  useEffect(() => {
    rankedFirst.current = new Set();
  }, [client]);
  const rankFirst = (column: number) => {
    if (!client || rankedFirst.current.has(column)) return;
    rankedFirst.current.add(column);
    client.rankFirst(column);
  };

  const toggleSort = (column: number) => {
    setSort((previous) =>
      previous?.column !== column
        ? { column, direction: 'asc' }
        : previous.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );
  };

  const downloadCsv = async () => {
    if (!client) return;
    // Right after a sort or a filter, the whole answer may still be on its way: asked for again.
    const rows = view?.whole === false ? (await client.queryTable(query)).rows : order;
    const csv = await client.csv(shownColumns, rows ?? identityRows(recordCount));
    downloadText(csv, `${fileName}.csv`, 'text/csv;charset=utf-8');
  };

  const shownIndexes: number[] = [];
  for (let index = firstShown; index < endShown; index++) shownIndexes.push(index);
  // The cells of the rows on screen (and the overscan) that are not held, after each render.
  useEffect(() => {
    cells.want(shownIndexes.map(rowAt).filter((row) => row >= 0));
  });

  // Rows are keyed by slot (layout.slots): a row scrolled out leaves its element to a row
  // scrolled in, which costs no new element. The focus it held is let go then, as when the
  // element went away, so that Enter never acts on the row that took it over.
  const focusedIndex = useRef<number | null>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focusedIndex.current === null || !(focused instanceof HTMLElement)) return;
    if (focused.getAttribute('role') !== 'row' || !scrollRef.current?.contains(focused)) return;
    if (focused.getAttribute('aria-rowindex') !== String(focusedIndex.current + 2)) focused.blur();
  });

  const selectedNode = selectedRow === null ? -1 : (table.records[selectedRow] ?? -1);
  const selectedSource = useNodeSource(client, selectedNode);
  const selectedPath = useNodePath(client, selectedNode);
  const selectedXml = useMemo(
    () => (selectedSource === null ? null : recordXml(selectedSource)),
    [selectedSource],
  );

  const selectRow = (row: number) => {
    if (!client || row < 0) return;
    setSelectedRow(row);
    const node = table.records[row];
    if (node !== undefined) void client.nodePlace(node).then((place) => onSelectPath(place.path));
  };
  const onRowKey = (event: KeyboardEvent<HTMLDivElement>, row: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      selectRow(row);
    }
  };

  // Each column as wide as its content (or as the user made it); the last one also takes any
  // room left. Wider than the box, the body scrolls sideways and the header follows it.
  const template =
    shownColumns
      .map((c, i) =>
        i === shownColumns.length - 1 ? `minmax(${widthOf(c)}px, 1fr)` : `${widthOf(c)}px`,
      )
      .join(' ') || '1fr';
  const columnsWidth = shownColumns.reduce((sum, c) => sum + widthOf(c), 0);
  const rowWidth = `max(100%, ${columnsWidth}px)`;
  // The header row keeps room on its right for the body's vertical scroll bar.
  const headWidth = `max(100%, ${columnsWidth + HEAD_SCROLLBAR_ROOM_PX}px)`;
  const followScroll = () => {
    if (headRef.current && scrollRef.current) {
      headRef.current.scrollLeft = scrollRef.current.scrollLeft;
    }
  };

  return (
    <div className="xv-table">
      <div className="xv-toolbar">
        <label>
          Filter{' '}
          <input
            type="search"
            value={filter}
            disabled={preview}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
        {preview ? (
          <span className="xv-match-status xv-preview-status">
            First {formatCount(recordCount)} {table.recordName} records · reading the rest…
          </span>
        ) : counting ? (
          <span aria-live="polite" className="xv-match-status">
            First {formatCount(rowCount)} matches of {formatCount(recordCount)} {table.recordName}{' '}
            records · counting…
          </span>
        ) : (
          <span aria-live="polite" className="xv-match-status">
            {formatCount(rowCount)} of {formatCount(recordCount)} {table.recordName} records
          </span>
        )}
        <details className="xv-columns">
          <summary>Columns</summary>
          <fieldset>
            <legend>Columns shown</legend>
            {table.columns.map((column, i) => (
              <label key={column.key}>
                <input
                  type="checkbox"
                  checked={!hiddenColumn(i)}
                  onChange={(event) => showColumn(column.key, event.target.checked)}
                />{' '}
                {column.label}
                {column.source === 'attribute' ? ' (attribute)' : ''}
              </label>
            ))}
          </fieldset>
        </details>
        <button
          type="button"
          onClick={() => void downloadCsv()}
          disabled={!client || shownColumns.length === 0}
        >
          Download CSV
        </button>
      </div>
      <div
        role="table"
        aria-label={`${table.recordName} records`}
        aria-rowcount={rowCount + 1}
        aria-busy={view?.whole === false}
        className="xv-grid"
        ref={gridRef}
      >
        <div role="rowgroup" className="xv-grid-head-box" ref={headRef}>
          <div
            role="row"
            aria-rowindex={1}
            className="xv-grid-row xv-grid-head"
            style={{ gridTemplateColumns: template, width: headWidth }}
          >
            {shownColumns.map((c) => {
              const column = table.columns[c];
              const direction = sort?.column === c ? sort.direction : null;
              return (
                <div
                  key={column?.key}
                  role="columnheader"
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'
                  }
                >
                  <button
                    type="button"
                    disabled={preview}
                    onClick={() => toggleSort(c)}
                    onPointerEnter={() => rankFirst(c)}
                    onFocus={() => rankFirst(c)}
                    title={`Sort by ${column?.label ?? ''}`}
                  >
                    {column?.label}
                    <span aria-hidden="true">
                      {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
                    </span>
                  </button>
                  <ColumnResizeHandle
                    label={column?.label ?? ''}
                    width={widthOf(c)}
                    onResize={(width) => resize(column?.key ?? '', width)}
                  />
                </div>
              );
            })}
          </div>
        </div>
        <div ref={scrollRef} className="xv-grid-scroll" role="rowgroup" onScroll={followScroll}>
          <div style={{ height: layout.spacerHeight, width: rowWidth, position: 'relative' }}>
            {shownIndexes.map((index) => {
              const row = rowAt(index);
              return (
                <div
                  key={index % layout.slots}
                  role="row"
                  aria-rowindex={index + 2}
                  aria-selected={row === selectedRow}
                  tabIndex={0}
                  className="xv-grid-row"
                  style={{
                    transform: `translateY(${layout.top + (index - firstShown) * ROW_HEIGHT}px)`,
                    height: ROW_HEIGHT,
                    width: rowWidth,
                    gridTemplateColumns: template,
                  }}
                  onClick={() => selectRow(row)}
                  onKeyDown={(event) => onRowKey(event, row)}
                  onFocus={() => (focusedIndex.current = index)}
                  onBlur={() => (focusedIndex.current = null)}
                >
                  {shownColumns.map((c) => {
                    const value = row < 0 ? undefined : cells.text(c, row);
                    return value === undefined ? (
                      <div key={c} role="cell" className="xv-muted" aria-busy="true">
                        …
                      </div>
                    ) : (
                      <div key={c} role="cell" title={value}>
                        {value}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {client && selectedRow !== null && selectedNode >= 0 && (
        <section className="xv-record" aria-label={`${table.recordName} ${selectedRow + 1} XML`}>
          <div className="xv-toolbar">
            <strong>{selectedPath ?? '…'}</strong>
            <button
              type="button"
              disabled={selectedSource === null}
              onClick={() => selectedSource !== null && void onCopy(selectedSource, 'this record')}
            >
              Copy record
            </button>
            {onCopyXPath && (
              <button type="button" onClick={() => onCopyXPath(selectedNode)}>
                Copy XPath
              </button>
            )}
            <button type="button" onClick={() => setSelectedRow(null)}>
              Close
            </button>
          </div>
          {selectedXml === null ? (
            <p className="xv-muted">Reading this record's XML…</p>
          ) : (
            <pre className="xv-record-xml">{selectedXml}</pre>
          )}
        </section>
      )}
    </div>
  );
}
