import { lazy, Suspense, useState } from 'react';
import type { XmlComparison } from '../../xml/compare/compare-xml.ts';
import type { RecordDiff, RecordRow } from '../../xml/compare/record-diff.ts';
import { formatDuration } from '../../text/format.ts';

const MergeTextView = lazy(() => import('./merge-text-view.tsx'));

/** Rows drawn at once: enough to read, bounded so 30,000 unchanged rows never block the page. */
const ROW_LIMIT = 1000;

type RowKind = 'added' | 'removed' | 'changed' | 'unchanged';
interface ShownRow {
  kind: RowKind;
  key: string;
  row: RecordRow;
  before?: RecordRow;
  cells: Set<string>;
}

function rowsOf(records: RecordDiff, onlyDifferences: boolean): ShownRow[] {
  const none = new Set<string>();
  return [
    ...records.added.map((a) => ({ kind: 'added' as const, key: a.key, row: a.row, cells: none })),
    ...records.removed.map((r) => ({
      kind: 'removed' as const,
      key: r.key,
      row: r.row,
      cells: none,
    })),
    ...records.changed.map((c) => ({
      kind: 'changed' as const,
      key: c.key,
      row: c.right,
      before: c.left,
      cells: new Set(c.cells),
    })),
    ...(onlyDifferences
      ? []
      : records.unchanged.map((u) => ({
          kind: 'unchanged' as const,
          key: u.key,
          row: u.row,
          cells: none,
        }))),
  ];
}

function RecordTable({
  records,
  keyColumn,
  onKeyColumn,
}: {
  records: RecordDiff;
  keyColumn: string | null;
  onKeyColumn(column: string | null): void;
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const rows = rowsOf(records, onlyDifferences);
  const shown = rows.slice(0, ROW_LIMIT);
  return (
    <>
      <div className="compare-controls">
        <div className="field">
          <label htmlFor="compare-key">Match rows by</label>
          <select
            id="compare-key"
            value={keyColumn ?? ''}
            onChange={(e) => onKeyColumn(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">Position in the list</option>
            {records.columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
          />{' '}
          Only differences
        </label>
      </div>
      {records.duplicateKeys > 0 && (
        <p className="warning" role="note">
          {records.duplicateKeys} key values occur more than once; those rows are paired in order.
          Choose another column to match by if this is not what you want.
        </p>
      )}
      {rows.length > ROW_LIMIT && (
        <p className="muted">
          Showing the first {ROW_LIMIT.toLocaleString()} of {rows.length.toLocaleString()} rows.
        </p>
      )}
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Rows compared, scrollable"
      >
        <table className="compare-table" aria-label="Rows compared">
          <thead>
            <tr>
              <th scope="col">Row</th>
              {records.columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r, i) => (
              <tr key={`${r.kind}-${r.key}-${i}`} className={`row-${r.kind}`} data-kind={r.kind}>
                <th scope="row">{r.kind}</th>
                {records.columns.map((c) => (
                  <td key={c} className={r.cells.has(c) ? 'cell-changed' : undefined}>
                    {r.cells.has(c) ? (
                      <>
                        <del>{r.before?.[c] ?? '(absent)'}</del> <ins>{r.row[c] ?? '(absent)'}</ins>
                      </>
                    ) : (
                      (r.row[c] ?? '')
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export interface CompareResultsProps {
  comparison: XmlComparison;
  text: { left: string; right: string } | null;
  ms: number;
  keyColumn: string | null;
  onKeyColumn(column: string | null): void;
}

/** Counts first, then the rows (record lists) or the paths (other XML), then the text side by side. */
export function CompareResults({
  comparison,
  text,
  ms,
  keyColumn,
  onKeyColumn,
}: CompareResultsProps) {
  if (comparison.mode === 'error') {
    return (
      <p role="alert" className="error">
        The {comparison.side} side is not well-formed XML: {comparison.message} (at character{' '}
        {comparison.offset.toLocaleString()}).
      </p>
    );
  }
  const counts =
    comparison.mode === 'records'
      ? `${comparison.records.added.length} added, ${comparison.records.removed.length} removed, ${comparison.records.changed.length} changed, ${comparison.records.unchanged.length} unchanged ${comparison.records.recordName.replace(/^\{[^}]*\}/, '')} rows`
      : `${comparison.differences.length} differences`;
  return (
    <section aria-labelledby="compare-result-heading" className="compare-result">
      <h2 id="compare-result-heading">Result</h2>
      <p
        role="status"
        className={comparison.same ? 'parity-verdict agree' : 'parity-verdict differ'}
        data-testid="compare-counts"
      >
        {comparison.same ? 'Same meaning. ' : ''}
        {counts}
      </p>
      <p className="muted">Compared by meaning in {formatDuration(ms)}.</p>
      {comparison.mode === 'records' ? (
        <RecordTable records={comparison.records} keyColumn={keyColumn} onKeyColumn={onKeyColumn} />
      ) : (
        comparison.differences.length > 0 && (
          <ul className="tree-differences" aria-label="Differences">
            {comparison.differences.slice(0, ROW_LIMIT).map((d, i) => (
              <li key={i} data-kind={d.kind}>
                <span className="mono">{d.path}</span> {d.kind}
                {d.left !== null && (
                  <>
                    {' '}
                    <del>{d.left}</del>
                  </>
                )}
                {d.right !== null && (
                  <>
                    {' '}
                    <ins>{d.right}</ins>
                  </>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      {text && (
        <details className="compare-text">
          <summary>Side by side (canonical text)</summary>
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <MergeTextView left={text.left} right={text.right} />
          </Suspense>
        </details>
      )}
    </section>
  );
}
