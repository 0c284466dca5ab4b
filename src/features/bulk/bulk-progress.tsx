import type { JobPhase, JobSnapshot } from '../../bulk-job/bulk-runner.ts';

const PHASE_WORDS: Record<JobPhase, string> = {
  idle: 'Ready to run.',
  running: 'Running…',
  paused: 'Paused: no new rows are sent; calls already sent finish.',
  cancelled: 'Cancelled: rows not sent can be sent with “Continue”.',
  stopped: 'Rows not sent can be sent with “Continue” once the cause is put right.',
  finished: 'Finished.',
};

/**
 * done/failed/total of the rows to send, as a progress bar and in words. Only the phase sentence
 * is a live region, so a screen reader hears “Paused” or “Finished”, not every row.
 * @example <BulkProgress snapshot={runner.snapshot()} />
 */
export function BulkProgress({ snapshot }: { snapshot: JobSnapshot }) {
  const { counts } = snapshot;
  const toSend = snapshot.total - counts.skipped;
  const done = counts.succeeded + counts.failed;
  const inFlight = counts.running;
  const finishedLine =
    snapshot.phase === 'finished'
      ? ` ${counts.succeeded} registered, ${counts.failed} failed.`
      : '';
  return (
    <section className="bulk-progress" aria-label="Progress">
      <p role="status" className="summary" data-phase={snapshot.phase}>
        {snapshot.stopReason !== null && <strong>{snapshot.stopReason} </strong>}
        {PHASE_WORDS[snapshot.phase]}
        {finishedLine}
      </p>
      <progress value={done} max={Math.max(toSend, 1)} aria-label="Rows done" />
      <p className="counts" data-testid="bulk-counts">
        <span>
          Done <strong>{done}</strong> of <strong>{toSend}</strong>
        </span>
        <span className="ok-text">Registered {counts.succeeded}</span>
        <span className="bad-text">Failed {counts.failed}</span>
        {inFlight > 0 && <span>Sending {inFlight}</span>}
        {counts.pending + counts.cancelled > 0 && (
          <span>Not sent {counts.pending + counts.cancelled}</span>
        )}
        {counts.skipped > 0 && <span className="muted">Skipped {counts.skipped}</span>}
      </p>
    </section>
  );
}
