/**
 * A bulk run's safeguards, one rule for the page's runner (bulk-runner.ts) and the CLI's
 * streaming runner (stream-runner.ts): a run whose first rows all fail the same way stops by
 * itself, and sends no more than that many rows until one succeeds; a run also stops once
 * `maxFailures` of its rows have failed.
 */

/**
 * A run's first rows that must all fail the same way before it stops by itself: enough that a
 * few bad rows at the top of a file do not stop it, few enough that a wrong key costs the
 * service a handful of calls.
 */
export const SAME_FAILURE_LIMIT = 10;

/** A row's answer or error, as the safeguards compare them. */
export interface RowAnswer {
  /** The string the service returned, when it answered. */
  value: string | null;
  /** Why the call failed, when it did not produce a value. */
  error: string | null;
}

/** What two failed rows must share to count as failing the same way: the answer or the error. */
export function failureCause(result: RowAnswer): string {
  return (result.value ?? result.error ?? '').trim();
}

/** The job's `sameFailureLimit` option as a limit: 0 turns the rule off. */
export function sameFailureLimitOf(option: number | undefined): number {
  return Math.max(0, option ?? SAME_FAILURE_LIMIT);
}

/** The job's `maxFailures` option as a limit: null, none. */
export function maxFailuresOf(option: number | null | undefined): number | null {
  return option != null && option > 0 ? option : null;
}

/**
 * One run's count (since its start, or a retry's), and the safeguards' verdict on it.
 * @example
 * const run = new RunSafeguards(SAME_FAILURE_LIMIT);
 * if (run.maySend()) { run.sent(); … }
 * run.succeeded(); // or:
 * const stop = run.failed({ value: null, error: 'timeout' }, null);
 */
export class RunSafeguards {
  private settledRows = 0;
  private failedRows = 0;
  private succeededRows = 0;
  private launched = 0;
  private firstCause = '';
  private same = true;

  constructor(private readonly sameFailureLimit: number) {}

  /**
   * Whether one more row may be sent: while the first rows might all fail the same way (none
   * succeeded, fewer than the limit settled), no more than the limit are.
   */
  maySend(): boolean {
    const limit = this.sameFailureLimit;
    const probing = limit > 0 && this.succeededRows === 0 && this.same && this.settledRows < limit;
    return !(probing && this.launched >= limit);
  }

  /** A row was sent. */
  sent(): void {
    this.launched += 1;
  }

  /** A row succeeded. */
  succeeded(): void {
    this.settledRows += 1;
    this.succeededRows += 1;
  }

  /**
   * A row failed (a cancelled one does not count).
   * @returns why the run stops now, in words that quote the service, or null
   */
  failed(row: RowAnswer, maxFailures: number | null): string | null {
    this.settledRows += 1;
    this.failedRows += 1;
    const failed = this.failedRows;
    const cause = failureCause(row);
    if (failed === 1) this.firstCause = cause;
    else if (cause !== this.firstCause) this.same = false;
    const limit = this.sameFailureLimit;
    if (limit > 0 && this.succeededRows === 0 && this.same && failed === limit) {
      return `Stopped: the first ${limit} rows all failed the same way, so the others were not sent. The service said: “${this.firstCause}”`;
    }
    if (maxFailures !== null && failed === maxFailures) {
      return `Stopped: ${failed} ${failed === 1 ? 'row' : 'rows'} failed, the most this job allows, so the others were not sent. The last failure: “${cause}”`;
    }
    return null;
  }
}
