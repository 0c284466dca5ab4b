/**
 * The engine of a bulk job, in plain TypeScript (no React, no DOM): a queue of rows sent through
 * an injected `register` function with bounded concurrency, with pause/resume, cancel (aborting
 * the calls in flight) and retry of failed rows. The UI subscribes to it; tests drive it with a
 * fake `register` or with the real client against an emulator.
 */

export type RowState = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';

export interface RowResult {
  state: RowState;
  /** The string the service returned (an ID, or an `ERROR:` answer), when it answered. */
  value: string | null;
  /** Why the call failed, in plain words, when it did not produce a value. */
  error: string | null;
  attempts: number;
  durationMs: number | null;
}

/**
 * - idle: not started; running: sending rows; paused: sending no new rows (calls in flight finish);
 * - cancelled: stopped by the user, calls in flight aborted; finished: every queued row settled.
 */
export type JobPhase = 'idle' | 'running' | 'paused' | 'cancelled' | 'finished';

export interface BulkItem {
  ServiceURI: string;
  MediaType: string;
}

/** Sends one row; resolves with the service's string, rejects on any failure. */
export type RegisterFn = (item: BulkItem, signal: AbortSignal) => Promise<string>;

export interface BulkRunnerOptions {
  items: readonly BulkItem[];
  register: RegisterFn;
  /** Rows sent at once, 1–8 (clamped); default 4. */
  concurrency?: number;
  /** Starting results (restored from the tab, or 'skipped' for rows that must not be sent). */
  initialResults?: readonly RowResult[];
  /** A value that is an answer but means failure; default: starts with ERROR. */
  isFailureValue?: (value: string) => boolean;
  /** A thrown error in plain words; default: its message. */
  describeError?: (error: unknown) => string;
}

export interface JobSnapshot {
  phase: JobPhase;
  concurrency: number;
  total: number;
  counts: Readonly<Record<RowState, number>>;
  /** Changes on every update: cheap equality for subscribers. */
  version: number;
}

export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 8;
export const DEFAULT_CONCURRENCY = 4;

/** @example clampConcurrency(20) // 8 */
export function clampConcurrency(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(value)));
}

export const PENDING: RowResult = {
  state: 'pending',
  value: null,
  error: null,
  attempts: 0,
  durationMs: null,
};

export const SKIPPED: RowResult = { ...PENDING, state: 'skipped' };

const defaultIsFailure = (value: string) => /^\s*ERROR/i.test(value);
const defaultDescribe = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

interface InFlight {
  controller: AbortController;
  /** Bumped when the row is re-queued or cancelled, so a late answer is ignored. */
  attempt: number;
}

/**
 * @example
 * const runner = new BulkRunner({ items, register: (item, signal) => send(item, signal) });
 * runner.subscribe(() => render(runner.snapshot()));
 * runner.start();
 * await runner.whenSettled();
 */
export class BulkRunner {
  readonly items: readonly BulkItem[];
  private register: RegisterFn;
  private readonly isFailureValue: (value: string) => boolean;
  private readonly describeError: (error: unknown) => string;
  private readonly results: RowResult[];
  private readonly inFlight = new Map<number, InFlight>();
  private readonly listeners = new Set<() => void>();
  private readonly settledWaiters: Array<() => void> = [];
  private queue: number[] = [];
  private head = 0;
  private phase: JobPhase = 'idle';
  private concurrency: number;
  private counts: Record<RowState, number>;
  private version = 0;
  private snap: JobSnapshot;

  constructor(options: BulkRunnerOptions) {
    this.items = options.items;
    this.register = options.register;
    this.isFailureValue = options.isFailureValue ?? defaultIsFailure;
    this.describeError = options.describeError ?? defaultDescribe;
    this.concurrency = clampConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.results = options.items.map((_, index) => {
      const initial = options.initialResults?.[index] ?? PENDING;
      // A row that was in flight when the job was saved never got its answer here.
      return initial.state === 'running' ? { ...initial, state: 'cancelled' } : initial;
    });
    this.counts = countStates(this.results);
    const restored = options.initialResults?.some(
      (r) => r.state !== 'pending' && r.state !== 'skipped',
    );
    if (restored) {
      this.phase = this.counts.pending + this.counts.cancelled > 0 ? 'cancelled' : 'finished';
    }
    this.snap = this.makeSnapshot();
  }

  /** The current state; a new object after every change. */
  snapshot(): JobSnapshot {
    return this.snap;
  }

  /** The outcome of row `index` (0-based). */
  result(index: number): RowResult {
    return this.results[index] ?? PENDING;
  }

  /** All outcomes, in row order (a copy). */
  allResults(): RowResult[] {
    return this.results.slice();
  }

  /** @returns unsubscribe */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The function that sends rows from now on (e.g. with a corrected key or another binding). */
  setRegister(register: RegisterFn): void {
    this.register = register;
  }

  /** Sends every row not yet sent (pending, or cancelled earlier). */
  start(): void {
    this.enqueue((state) => state === 'pending' || state === 'cancelled');
  }

  /** Sends the failed rows again. */
  retryFailed(): void {
    this.enqueue((state) => state === 'failed');
  }

  pause(): void {
    if (this.phase !== 'running') return;
    this.phase = 'paused';
    this.changed();
  }

  resume(): void {
    if (this.phase !== 'paused') return;
    this.phase = 'running';
    this.pump();
    this.changed();
  }

  /** Stops sending and aborts the calls in flight; unsent rows stay pending for a later start. */
  cancel(): void {
    if (this.phase !== 'running' && this.phase !== 'paused') return;
    this.phase = 'cancelled';
    this.queue = [];
    this.head = 0;
    for (const [index, flight] of this.inFlight) {
      flight.controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
      const previous = this.result(index);
      this.setResult(index, {
        ...previous,
        state: 'cancelled',
        error: 'Cancelled before the answer arrived.',
      });
    }
    this.inFlight.clear();
    this.changed();
  }

  /** 1–8; takes effect at once (more rows start, or fewer start until in-flight calls drain). */
  setConcurrency(value: number): void {
    this.concurrency = clampConcurrency(value);
    this.pump();
    this.changed();
  }

  /** Resolves once nothing is in flight and the job is not running (finished, paused, cancelled). */
  whenSettled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private isSettled(): boolean {
    return this.inFlight.size === 0 && this.phase !== 'running';
  }

  private enqueue(pick: (state: RowState) => boolean): void {
    if (this.phase === 'running' || this.phase === 'paused') {
      // Already going: add the rows behind those queued.
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    } else {
      this.queue = [];
      this.head = 0;
    }
    const queued = new Set(this.queue);
    this.results.forEach((result, index) => {
      if (pick(result.state) && !queued.has(index) && !this.inFlight.has(index)) {
        this.setResult(index, { ...result, state: 'pending', error: null });
        this.queue.push(index);
      }
    });
    if (this.phase !== 'paused') this.phase = 'running';
    this.pump();
    this.finishIfDone();
    this.changed();
  }

  private pump(): void {
    while (
      this.phase === 'running' &&
      this.inFlight.size < this.concurrency &&
      this.head < this.queue.length
    ) {
      const index = this.queue[this.head++];
      if (index !== undefined) this.launch(index);
    }
  }

  private launch(index: number): void {
    const item = this.items[index];
    if (!item) return;
    const previous = this.result(index);
    const flight: InFlight = { controller: new AbortController(), attempt: previous.attempts + 1 };
    this.inFlight.set(index, flight);
    this.setResult(index, { ...previous, state: 'running', attempts: flight.attempt });
    const started = performance.now();
    const isCurrent = () => this.inFlight.get(index) === flight;
    const register = this.register;
    Promise.resolve()
      .then(() => register(item, flight.controller.signal))
      .then(
        (value) => {
          if (!isCurrent()) return;
          const failed = this.isFailureValue(value);
          this.settle(index, {
            state: failed ? 'failed' : 'succeeded',
            value,
            error: failed ? 'The service answered with an ERROR string.' : null,
            attempts: flight.attempt,
            durationMs: performance.now() - started,
          });
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          let message: string;
          try {
            message = this.describeError(error);
          } catch {
            message = defaultDescribe(error);
          }
          this.settle(index, {
            state: flight.controller.signal.aborted ? 'cancelled' : 'failed',
            value: null,
            error: message,
            attempts: flight.attempt,
            durationMs: performance.now() - started,
          });
        },
      );
  }

  private settle(index: number, result: RowResult): void {
    this.inFlight.delete(index);
    this.setResult(index, result);
    this.pump();
    this.finishIfDone();
    this.changed();
  }

  private finishIfDone(): void {
    if (this.phase === 'running' && this.inFlight.size === 0 && this.head >= this.queue.length) {
      this.phase = 'finished';
      this.queue = [];
      this.head = 0;
    }
  }

  private setResult(index: number, next: RowResult): void {
    const previous = this.results[index];
    if (!previous) return;
    this.counts[previous.state] -= 1;
    this.counts[next.state] += 1;
    this.results[index] = next;
  }

  private makeSnapshot(): JobSnapshot {
    return {
      phase: this.phase,
      concurrency: this.concurrency,
      total: this.items.length,
      counts: { ...this.counts },
      version: this.version,
    };
  }

  private changed(): void {
    this.version += 1;
    this.snap = this.makeSnapshot();
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('A bulk job listener failed', error);
      }
    }
    if (this.isSettled()) {
      for (const resolve of this.settledWaiters.splice(0)) resolve();
    }
  }
}

function countStates(results: readonly RowResult[]): Record<RowState, number> {
  const counts: Record<RowState, number> = {
    pending: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    skipped: 0,
  };
  for (const result of results) counts[result.state] += 1;
  return counts;
}
