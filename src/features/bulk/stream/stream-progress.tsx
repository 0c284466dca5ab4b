import { formatBytes } from '../../../text/format.ts';
import type { RowLine, StreamJobPhase, StreamJobView } from './stream-job.ts';

const PHASE_WORDS: Record<StreamJobPhase, string> = {
  opening: 'Reading the start of the file…',
  refused: 'The file cannot be sent.',
  idle: 'Ready.',
  running: 'Sending…',
  paused: 'Paused: no new rows are sent; calls already sent finish.',
  cancelled: 'Cancelled: rows not answered can be sent with “Continue”.',
  stopped: 'Rows not sent can be sent with “Continue”.',
  finished: 'Finished.',
};

const n = (value: number) => value.toLocaleString('en');

/** @example duration(3725) // '1 h 2 min' */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function RowLines({ label, lines }: { label: string; lines: RowLine[] }) {
  return (
    <table className="bulk-stream-rows" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">ServiceURI</th>
          <th scope="col">MediaType</th>
          <th scope="col">Outcome</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.rowNumber}>
            <td>{line.rowNumber}</td>
            <td className="mono">{line.ServiceURI}</td>
            <td>{line.MediaType}</td>
            <td>{line.outcome}</td>
            <td className="mono">{line.result}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A streamed job as it goes: the phase (the only live region), rows read of the file, counts,
 * rows/s and time left, the first failures and the last rows.
 */
export function StreamProgress({ view }: { view: StreamJobView }) {
  const { counts } = view;
  const done = counts.succeeded + counts.failed + counts.skipped;
  const finishedLine =
    view.phase === 'finished'
      ? ` ${n(counts.succeeded)} registered, ${n(counts.failed)} failed, ${n(counts.skipped)} skipped.`
      : '';
  return (
    <section className="bulk-progress" aria-label="Progress of the file">
      <p role="status" className="summary" data-phase={view.phase} data-testid="stream-phase">
        {view.stopReason !== null && <strong>{view.stopReason} </strong>}
        {PHASE_WORDS[view.phase]}
        {finishedLine}
      </p>
      <progress
        value={view.bytesRead}
        max={Math.max(view.fileBytes, 1)}
        aria-label="Share of the file read"
      />
      <p className="counts" data-testid="stream-counts">
        <span>
          Read <strong>{formatBytes(view.bytesRead)}</strong> of {formatBytes(view.fileBytes)} (row{' '}
          {n(view.lastRowRead)})
        </span>
        <span>
          Done <strong>{n(done)}</strong>
        </span>
        <span className="ok-text">Registered {n(counts.succeeded)}</span>
        <span className="bad-text">Failed {n(counts.failed)}</span>
        <span>Retries {n(counts.retries)}</span>
        {counts.inFlight > 0 && <span>Sending {counts.inFlight}</span>}
        {counts.skipped > 0 && <span className="muted">Skipped {n(counts.skipped)}</span>}
        {view.doneBefore > 0 && (
          <span className="muted">Done in an earlier run {n(view.doneBefore)}</span>
        )}
        <span data-testid="stream-rate">
          {view.rowsPerSecond === null ? '– rows/s' : `${n(Math.round(view.rowsPerSecond))} rows/s`}
        </span>
        {view.etaSeconds !== null && view.phase === 'running' && (
          <span>About {duration(view.etaSeconds)} left</span>
        )}
        <span className="muted">{view.concurrency} at a time</span>
      </p>
      {view.readError && (
        <p className="error" role="alert">
          {view.readError}
        </p>
      )}
      {view.problems.length > 0 && (
        <details>
          <summary>
            {n(view.problems.length + view.problemsNotKept)} lines did not read cleanly
          </summary>
          <ul>
            {view.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                Line {n(problem.line)}: {problem.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {view.failures.length > 0 && (
        <details open={view.phase !== 'running'}>
          <summary>
            Failed rows: the first {n(view.failures.length)}
            {view.failuresNotShown > 0 && ` (${n(view.failuresNotShown)} more in the results file)`}
          </summary>
          <RowLines label="Failed rows" lines={view.failures} />
        </details>
      )}
      {view.recent.length > 0 && (
        <details>
          <summary>The last {view.recent.length} rows</summary>
          <RowLines label="Last rows" lines={view.recent} />
        </details>
      )}
    </section>
  );
}
