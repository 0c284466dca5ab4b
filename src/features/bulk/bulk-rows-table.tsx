import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BulkRow } from '../../bulk-job/bulk-rows.ts';
import type { BulkRunner, JobSnapshot, RowResult } from '../../bulk-job/bulk-runner.ts';
import { startingResult } from '../../bulk-job/bulk-rows.ts';
import { outcomeWord } from '../../bulk-job/results-csv.ts';
import { filterRows, type RowFilter } from './row-filter.ts';

/** Up to this many rows the table is rendered whole; beyond, only the visible rows are. */
export const RENDER_ALL_UP_TO = 200;
const ROW_HEIGHT = 36;

export interface BulkRowsTableProps {
  rows: readonly BulkRow[];
  runner: BulkRunner | null;
  /** Re-render trigger: the runner's current snapshot. */
  snapshot: JobSnapshot | null;
  skipDuplicates: boolean;
  filter?: RowFilter;
}

function RowCells({ row, result }: { row: BulkRow; result: RowResult }) {
  return (
    <>
      <td className="num">{row.rowNumber}</td>
      <td className="mono cell-clip">{row.ServiceURI || <span className="muted">(empty)</span>}</td>
      <td className="cell-clip">{row.MediaType || <span className="muted">(empty)</span>}</td>
      <td className="cell-clip">
        {row.issues.length === 0 ? (
          <span className="muted">OK</span>
        ) : (
          row.issues.map((issue) => (
            <span key={issue.message} className={`issue issue-${issue.severity}`}>
              {issue.severity === 'error' ? 'Error: ' : 'Warning: '}
              {issue.message}{' '}
            </span>
          ))
        )}
      </td>
      <td className={`state state-${result.state}`}>
        {outcomeWord(row, result)}
        {result.attempts > 1 ? ` (try ${result.attempts})` : ''}
      </td>
      <td className="mono cell-clip">{result.value ?? result.error ?? ''}</td>
    </>
  );
}

function Head({ rowIndex }: { rowIndex?: number }) {
  return (
    <thead>
      <tr aria-rowindex={rowIndex}>
        <th scope="col">#</th>
        <th scope="col">ServiceURI</th>
        <th scope="col">MediaType</th>
        <th scope="col">Check</th>
        <th scope="col">Outcome</th>
        <th scope="col">Returned value or error</th>
      </tr>
    </thead>
  );
}

/**
 * The rows with their checks and, once the job runs, their outcomes. Large inputs are
 * virtualized (only visible rows are in the DOM), with aria-rowcount/aria-rowindex so assistive
 * technology still knows the table's size.
 */
export function BulkRowsTable({
  rows,
  runner,
  snapshot,
  skipDuplicates,
  filter = 'all',
}: BulkRowsTableProps) {
  const resultOf = (index: number, row: BulkRow) =>
    runner ? runner.result(index) : startingResult(row, skipDuplicates);
  const shown = filterRows(rows, resultOf, filter);
  const count = shown ? shown.length : rows.length;
  const indexAt = (position: number) => (shown ? (shown[position] ?? -1) : position);
  const virtual = count > RENDER_ALL_UP_TO;
  if (count === 0) {
    return <p className="muted">No rows match this view.</p>;
  }
  return (
    <div
      className={virtual ? 'bulk-table-scroll virtual' : 'bulk-table-scroll'}
      tabIndex={0}
      role="region"
      aria-label="Rows and outcomes"
      data-version={snapshot?.version}
    >
      {virtual ? (
        <VirtualRows rows={rows} count={count} indexAt={indexAt} resultOf={resultOf} />
      ) : (
        <table className="bulk-table">
          <Head />
          <tbody>
            {Array.from({ length: count }, (_, position) => {
              const index = indexAt(position);
              const row = rows[index];
              return row ? (
                <tr key={row.rowNumber}>
                  <RowCells row={row} result={resultOf(index, row)} />
                </tr>
              ) : null;
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function VirtualRows({
  rows,
  count,
  indexAt,
  resultOf,
}: {
  rows: readonly BulkRow[];
  /** Rows shown (after filtering); `indexAt(position)` gives each one's index in `rows`. */
  count: number;
  indexAt: (position: number) => number;
  resultOf: (index: number, row: BulkRow) => RowResult;
}) {
  const scrollRef = useRef<HTMLTableElement>(null);
  // Not memoized on purpose: the table re-renders with every progress snapshot anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1000, height: 480 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <table className="bulk-table" ref={scrollRef} aria-rowcount={count + 1}>
      <Head rowIndex={1} />
      <tbody>
        {before > 0 && (
          <tr aria-hidden="true" style={{ height: before }}>
            <td colSpan={6} />
          </tr>
        )}
        {items.map((item) => {
          const index = indexAt(item.index);
          const row = rows[index];
          if (!row) return null;
          return (
            <tr key={item.key} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }}>
              <RowCells row={row} result={resultOf(index, row)} />
            </tr>
          );
        })}
        {after > 0 && (
          <tr aria-hidden="true" style={{ height: after }}>
            <td colSpan={6} />
          </tr>
        )}
      </tbody>
    </table>
  );
}
