import type { JobSnapshot } from '../../bulk-job/bulk-runner.ts';
import { initialResults } from '../../bulk-job/bulk-rows.ts';
import type { BulkJobState, BulkJobStore } from './job-store.ts';
import { resultsCsv } from '../../bulk-job/results-csv.ts';
import { downloadBlob } from '../../components/xml-viewer/clipboard-and-download.ts';
import { resultsFileName } from './download-results.ts';

export interface BulkActionsProps {
  store: BulkJobStore;
  state: BulkJobState;
  snapshot: JobSnapshot | null;
  starting: boolean;
  /** The dry run (key check) is under way. */
  checkingKey: boolean;
  onRun(): void;
  onCheck(): void;
  onRetry(): void;
}

function download(state: BulkJobState): void {
  const runner = state.runner;
  const rows = state.parsed?.rows;
  if (!runner || !rows) return;
  // The byte order mark lets spreadsheet programs read the file as UTF-8.
  const csv = `\uFEFF${resultsCsv(rows, (index) => runner.result(index))}`;
  downloadBlob(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    resultsFileName(state.input.fileName),
  );
}

/** The buttons that fit the job's phase: run; pause/resume and cancel; continue, retry, download. */
export function BulkActions({
  store,
  state,
  snapshot,
  starting,
  checkingKey,
  onRun,
  onCheck,
  onRetry,
}: BulkActionsProps) {
  const runner = state.runner;
  const phase = snapshot?.phase ?? 'idle';
  const failed = snapshot?.counts.failed ?? 0;
  const unsent = (snapshot?.counts.pending ?? 0) + (snapshot?.counts.cancelled ?? 0);
  const toSend = runner
    ? unsent
    : initialResults(state.parsed?.rows ?? [], state.input.skipDuplicates).filter(
        (r) => r.state === 'pending',
      ).length;
  const checking = state.parsing !== null || (state.parsed?.fileErrors.length ?? 0) > 0;
  return (
    <div className="actions bulk-actions">
      {(!runner || phase === 'idle') && (
        <button type="button" onClick={onRun} disabled={starting || checking || toSend === 0}>
          {starting ? 'Starting…' : `Run ${toSend} ${toSend === 1 ? 'row' : 'rows'}`}
        </button>
      )}
      {(!runner || phase === 'idle') && (
        <button
          type="button"
          className="secondary"
          onClick={onCheck}
          disabled={starting || checkingKey || checking || toSend === 0}
        >
          {checkingKey ? 'Checking…' : 'Check only'}
        </button>
      )}
      {phase === 'running' && (
        <button type="button" onClick={() => runner?.pause()}>
          Pause
        </button>
      )}
      {phase === 'paused' && (
        <button type="button" onClick={() => runner?.resume()}>
          Resume
        </button>
      )}
      {(phase === 'running' || phase === 'paused') && (
        <button type="button" className="danger" onClick={() => runner?.cancel()}>
          Cancel
        </button>
      )}
      {(phase === 'cancelled' || phase === 'stopped') && unsent > 0 && (
        <button type="button" onClick={onRun} disabled={starting}>
          Continue ({unsent} not sent)
        </button>
      )}
      {(phase === 'cancelled' || phase === 'stopped' || phase === 'finished') && failed > 0 && (
        <button type="button" onClick={onRetry} disabled={starting}>
          Retry {failed} failed
        </button>
      )}
      {runner && (
        <button type="button" className="secondary" onClick={() => download(state)}>
          Download results (CSV)
        </button>
      )}
      {runner && phase !== 'running' && phase !== 'paused' && (
        <button type="button" className="secondary" onClick={() => store.newJob()}>
          New job
        </button>
      )}
    </div>
  );
}
