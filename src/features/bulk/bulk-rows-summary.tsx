import { useMemo } from 'react';
import { columnsInWords, countRows } from '../../bulk-job/bulk-rows.ts';
import type { BulkJobState } from './job-store.ts';

const MAX_PROBLEMS_SHOWN = 5;

/** How many rows were read and what the checks found; problems with the whole input first. */
export function BulkRowsSummary({ state }: { state: BulkJobState }) {
  const { parsed, parsing } = state;
  // The page re-renders with the job's progress; the rows (up to 100,000) are counted once.
  const counts = useMemo(() => countRows(parsed?.rows ?? []), [parsed]);
  if (parsing !== null) {
    return (
      <p role="status" className="muted">
        Checking rows… {parsing.toLocaleString('en')} read
      </p>
    );
  }
  if (!parsed) return null;
  if (parsed.fileErrors.length > 0) {
    return (
      <div role="alert" className="bulk-file-errors">
        {parsed.fileErrors.map((message) => (
          <p key={message} className="error">
            {message}
          </p>
        ))}
      </div>
    );
  }
  if (parsed.rows.length === 0) {
    return <p className="muted">No rows yet: paste them above or choose a file.</p>;
  }
  const repeatsSkipped = state.input.skipDuplicates && counts.duplicates > 0;
  return (
    <div className="bulk-summary">
      <p className="summary" data-testid="bulk-row-summary">
        {counts.total.toLocaleString('en')} {counts.total === 1 ? 'row' : 'rows'}
        {parsed.hasHeader ? ' (after the header row)' : ' (no header row)'}
        {' · '}
        {counts.errors} with errors (not sent) · {counts.warnings} with warnings ·{' '}
        {counts.duplicates} repeated{repeatsSkipped ? ' (sent once)' : ''}
      </p>
      {parsed.columns && (
        <p className="muted" data-testid="bulk-columns">
          {columnsInWords(parsed.columns)} Values separated by {parsed.delimiter}s.
        </p>
      )}
      {parsed.problems.length > 0 && (
        <ul className="warnings">
          {parsed.problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem) => (
            <li key={`${problem.row}-${problem.message}`} className="warning">
              Row {problem.row}: {problem.message}
            </li>
          ))}
          {parsed.problems.length > MAX_PROBLEMS_SHOWN && (
            <li className="warning">
              …and {parsed.problems.length - MAX_PROBLEMS_SHOWN} more CSV problems.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
