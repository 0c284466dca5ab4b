/**
 * The engine of a bulk job over a stream of rows (the CLI's file, the page's File read in a
 * worker): rows are pulled from an async iterable only when a slot is free, so memory holds the
 * rows in flight and nothing else, however long the input. Each row waits for a token when a
 * rate is set (`RateLimiter`), is sent through the injected `register`, and is retried on 503/429
 * (honouring Retry-After), timeouts and connection errors within a bounded count
 * (`retry-policy.ts`); its slot stays taken during the back-off, so an overloaded service sees
 * fewer calls. `adaptive` lets `AdaptiveConcurrency` move the limit. Outcomes are handed to
 * `onRowSettled` and not kept: the caller writes them (results file, journal) and counts.
 *
 * Safeguards as in `BulkRunner`: a run whose first rows all fail the same way stops by itself,
 * and `maxFailures` stops it; calls in flight finish, rows not yet pulled are left unread.
 * `BulkRunner` stays the page's engine for inputs read whole (its table shows every row).
 */
import { AdaptiveConcurrency } from './adaptive-concurrency.ts';
import {
  DEFAULT_CONCURRENCY,
  clampConcurrency,
  type BulkItem,
  type RowResult,
} from './bulk-runner.ts';
import { maxFailuresOf, RunSafeguards, sameFailureLimitOf } from './run-safeguards.ts';
import { realClock, type Clock } from './clock.ts';
import { RateLimiter } from './rate-limiter.ts';
import {
  DEFAULT_RETRY_POLICY,
  classifyFailure,
  decideRetry,
  retryNote,
  type RetryPolicy,
  type RetryReason,
} from './retry-policy.ts';
import { errorMessage } from '../text/error-message.ts';

export interface StreamOutcome {
  state: 'succeeded' | 'failed' | 'cancelled';
  /** The service's string (an ID, or an `ERROR:` answer), when it answered. */
  value: string | null;
  /** Why there is no value, in plain words. */
  error: string | null;
  /** Calls made for this row (1 + retries). */
  attempts: number;
  /** Why the row was retried (the last reason), or null when it was not. */
  retryReason: RetryReason | null;
  /** From the first attempt to the outcome, back-offs included. */
  durationMs: number;
}

export type StreamPhase = 'idle' | 'running' | 'paused' | 'cancelled' | 'stopped' | 'finished';

export interface StreamCounts {
  /** Rows pulled from the input. */
  read: number;
  inFlight: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Calls sent again (a row retried twice counts 2). */
  retries: number;
}

export interface StreamSnapshot {
  phase: StreamPhase;
  /** The limit now (moves in adaptive mode). */
  concurrency: number;
  /** Rows per second allowed, or null for no limit. */
  rate: number | null;
  counts: Readonly<StreamCounts>;
  /** Why the run stopped (a safeguard's words, or what `stop` was given). */
  stopReason: string | null;
  /** Changes on every update. */
  version: number;
}

export interface StreamRunnerOptions<T extends BulkItem> {
  rows: AsyncIterable<T> | Iterable<T>;
  /** Sends one row (a `RegisterFn` fits); resolves with the service's string. */
  register: (row: T, signal: AbortSignal) => Promise<string>;
  /** 1–64; the starting point in adaptive mode. Default 4. */
  concurrency?: number;
  /** Let the limit move between 1 and `maxConcurrency` (adaptive-concurrency.ts says how). */
  adaptive?: boolean;
  /** Upper bound in adaptive mode; default 64. */
  maxConcurrency?: number;
  /** Rows per second, or null/undefined for no limit. */
  rate?: number | null;
  /** Retries per row (0 turns them off); default 3. */
  retries?: number;
  /** Back-off details; `retries` above wins. */
  retryPolicy?: Partial<RetryPolicy>;
  maxFailures?: number | null;
  /** As BulkRunner's; 0 turns the rule off. */
  sameFailureLimit?: number;
  isFailureValue?: (value: string) => boolean;
  describeError?: (error: unknown) => string;
  /** Each row once, in settle order. A throwing listener is logged, not fatal. */
  onRowSettled?: (row: T, outcome: StreamOutcome) => void;
  clock?: Clock;
  /** Jitter source (tests). */
  random?: () => number;
}

const defaultIsFailure = (value: string) => /^\s*ERROR/i.test(value);
const defaultDescribe = errorMessage;

/**
 * @example
 * const runner = new StreamRunner({ rows: checkedRows(), register, rate: 50, adaptive: true,
 *   onRowSettled: (row, outcome) => results.write(row, outcome) });
 * runner.subscribe(() => draw(runner.snapshot()));
 * const end = await runner.run(); // end.phase: 'finished' | 'stopped' | 'cancelled'
 */
export class StreamRunner<T extends BulkItem> {
  private readonly options: StreamRunnerOptions<T>;
  private readonly clock: Clock;
  private readonly policy: RetryPolicy;
  private readonly isFailureValue: (value: string) => boolean;
  private readonly describeError: (error: unknown) => string;
  private readonly adaptive: AdaptiveConcurrency | null;
  private limiter: RateLimiter | null;
  private concurrency: number;
  private phase: StreamPhase = 'idle';
  private stopReason: string | null = null;
  private readonly counts: StreamCounts = {
    read: 0,
    inFlight: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    retries: 0,
  };
  private version = 0;
  private snap: StreamSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Set<AbortController>();
  /** Aborted by cancel(): wakes the loop from rate and slot waits. */
  private readonly cancelled = new AbortController();
  private wake: (() => void) | null = null;
  private readonly maxFailures: number | null;
  private readonly safeguards: RunSafeguards;
  private settledWaiters: Array<() => void> = [];

  constructor(options: StreamRunnerOptions<T>) {
    this.options = options;
    this.clock = options.clock ?? realClock;
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      ...options.retryPolicy,
      ...(options.retries !== undefined ? { retries: Math.max(0, options.retries) } : {}),
    };
    this.isFailureValue = options.isFailureValue ?? defaultIsFailure;
    this.describeError = options.describeError ?? defaultDescribe;
    this.concurrency = clampConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.adaptive = options.adaptive
      ? new AdaptiveConcurrency({
          initial: this.concurrency,
          max: clampConcurrency(options.maxConcurrency ?? 64),
        })
      : null;
    this.limiter =
      options.rate != null
        ? new RateLimiter({ ratePerSecond: options.rate, clock: this.clock })
        : null;
    this.maxFailures = maxFailuresOf(options.maxFailures);
    this.safeguards = new RunSafeguards(sameFailureLimitOf(options.sameFailureLimit));
    this.snap = this.makeSnapshot();
  }

  /** Built when asked for after a change, not at every change (a row makes two or three). */
  snapshot(): StreamSnapshot {
    if (this.snap.version !== this.version) this.snap = this.makeSnapshot();
    return this.snap;
  }

  /** @returns unsubscribe */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Pulls and sends rows until the input ends, a stop or a cancel; resolves once none is in flight. */
  async run(): Promise<StreamSnapshot> {
    if (this.phase !== 'idle') throw new Error('A stream runner runs once.');
    this.phase = 'running';
    this.changed();
    const rows = this.options.rows;
    const iterator =
      Symbol.asyncIterator in rows
        ? rows[Symbol.asyncIterator]()
        : (rows[Symbol.iterator]() as Iterator<T>);
    let ended = false;
    try {
      for (;;) {
        await this.waitForSlot();
        if (!this.sending()) break;
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          break;
        }
        this.counts.read += 1;
        this.counts.inFlight += 1;
        this.safeguards.sent();
        void this.send(next.value);
        this.changed();
      }
    } finally {
      // Stopped early: let the input close its file or stream.
      if (!ended) await iterator.return?.();
    }
    await this.whenNothingInFlight();
    if (this.phase === 'running' || this.phase === 'paused') this.phase = 'finished';
    this.changed();
    return this.snapshot();
  }

  /** No new rows are sent; the loop waits (calls in flight finish). */
  pause(): void {
    if (this.phase !== 'running') return;
    this.phase = 'paused';
    this.changed();
  }

  resume(): void {
    if (this.phase !== 'paused') return;
    this.phase = 'running';
    this.poke();
    this.changed();
  }

  /** No new rows are sent; calls in flight finish; `run` then resolves with phase 'stopped'. */
  stop(reason: string | null = null): void {
    if (this.phase !== 'running' && this.phase !== 'paused') return;
    this.phase = 'stopped';
    this.stopReason = reason;
    this.poke();
    this.changed();
  }

  /** Aborts the calls in flight (their rows settle 'cancelled'); nothing new is sent. */
  cancel(): void {
    if (this.phase === 'finished' || this.phase === 'cancelled') return;
    this.phase = 'cancelled';
    this.cancelled.abort(new DOMException('Cancelled by the user', 'AbortError'));
    for (const controller of this.controllers)
      controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
    this.poke();
    this.changed();
  }

  /** 1–64, at once (in adaptive mode: the new starting point). */
  setConcurrency(value: number): void {
    this.concurrency = clampConcurrency(value);
    this.poke();
    this.changed();
  }

  /** Rows per second from now on; null: no limit. */
  setRate(perSecond: number | null): void {
    if (perSecond === null) this.limiter = null;
    else if (this.limiter) this.limiter.setRate(perSecond);
    else this.limiter = new RateLimiter({ ratePerSecond: perSecond, clock: this.clock });
    this.changed();
  }

  private sending(): boolean {
    return this.phase === 'running' || this.phase === 'paused';
  }

  private async waitForSlot(): Promise<void> {
    while (
      this.phase === 'paused' ||
      (this.phase === 'running' &&
        (this.counts.inFlight >= this.concurrency || !this.safeguards.maySend()))
    ) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private whenNothingInFlight(): Promise<void> {
    if (this.counts.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private async send(row: T): Promise<void> {
    const started = this.clock.now();
    let attempts = 0;
    let retryReason: RetryReason | null = null;
    let outcome: StreamOutcome | null = null;
    while (outcome === null) {
      if (this.cancelled.signal.aborted) {
        outcome = this.outcome('cancelled', null, 'Cancelled before it was sent.');
        break;
      }
      try {
        if (this.limiter) await this.limiter.take(this.cancelled.signal);
      } catch {
        outcome = this.outcome('cancelled', null, 'Cancelled before it was sent.');
        break;
      }
      attempts += 1;
      const controller = new AbortController();
      this.controllers.add(controller);
      const callStarted = this.clock.now();
      try {
        const value = await this.options.register(row, controller.signal);
        this.adaptive?.record(this.clock.now() - callStarted, 'ok');
        const failed = this.isFailureValue(value);
        outcome = this.outcome(
          failed ? 'failed' : 'succeeded',
          value,
          failed ? 'The service answered with an ERROR string.' : null,
        );
      } catch (error) {
        if (controller.signal.aborted) {
          outcome = this.outcome('cancelled', null, 'Cancelled before the answer arrived.');
          break;
        }
        const failure = classifyFailure(error);
        this.adaptive?.record(
          this.clock.now() - callStarted,
          failure.retryable ? 'overload' : 'ok',
        );
        const decision = decideRetry(failure, attempts, this.policy, this.options.random);
        if (decision.retry && !this.cancelled.signal.aborted) {
          retryReason = decision.reason;
          this.counts.retries += 1;
          this.changed();
          try {
            await this.clock.sleep(decision.delayMs, this.cancelled.signal);
          } catch {
            outcome = this.outcome('cancelled', null, 'Cancelled while waiting to retry.');
          }
          continue;
        }
        if (decision.reason) retryReason = decision.reason;
        outcome = this.outcome('failed', null, this.describe(error));
      } finally {
        this.controllers.delete(controller);
      }
    }
    if (this.adaptive) this.concurrency = this.adaptive.limit;
    this.settle(row, { ...outcome, attempts, retryReason, durationMs: this.clock.now() - started });
  }

  private outcome(
    state: StreamOutcome['state'],
    value: string | null,
    error: string | null,
  ): StreamOutcome {
    return { state, value, error, attempts: 0, retryReason: null, durationMs: 0 };
  }

  private describe(error: unknown): string {
    try {
      return this.describeError(error);
    } catch {
      return defaultDescribe(error);
    }
  }

  private settle(row: T, outcome: StreamOutcome): void {
    this.counts.inFlight -= 1;
    this.counts[outcome.state] += 1;
    try {
      this.options.onRowSettled?.(row, outcome);
    } catch (error) {
      console.error('A bulk job row listener failed', error);
    }
    if (outcome.state === 'succeeded') this.safeguards.succeeded();
    else if (outcome.state === 'failed') {
      const stop = this.safeguards.failed(outcome, this.maxFailures);
      if (stop !== null) this.stop(stop);
    }
    if (this.counts.inFlight === 0) for (const resolve of this.settledWaiters.splice(0)) resolve();
    this.poke();
    this.changed();
  }

  private makeSnapshot(): StreamSnapshot {
    return {
      phase: this.phase,
      concurrency: this.concurrency,
      rate: this.limiter?.ratePerSecond ?? null,
      counts: { ...this.counts },
      stopReason: this.stopReason,
      version: this.version,
    };
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('A bulk job listener failed', error);
      }
    }
  }
}

/**
 * A streamed row's outcome as the `RowResult` the results CSV and the page's table take; a
 * failure after retries says so in its error.
 * @example toRowResult({ state: 'failed', error: 'HTTP 503', attempts: 4, retryReason: 'busy', … })
 * // { state: 'failed', error: 'HTTP 503 (after 4 attempts; the service was busy (503))', … }
 */
export function toRowResult(outcome: StreamOutcome): RowResult {
  const note = outcome.state === 'failed' ? retryNote(outcome.attempts, outcome.retryReason) : '';
  return {
    state: outcome.state,
    value: outcome.value,
    error: outcome.error !== null && note ? `${outcome.error} (${note})` : outcome.error,
    attempts: outcome.attempts,
    durationMs: outcome.durationMs,
  };
}
