/**
 * The engine of a bulk job, in plain TypeScript (no React, no DOM): a queue of rows sent through
 * an injected `register` function with bounded concurrency, with pause/resume, cancel (aborting
 * the calls in flight) and retry of failed rows. The Bulk register page and the `inode-console
 * bulk` command both drive it; tests use a fake `register` or the real client and an emulator.
 *
 * Row outcomes live in typed arrays (state, attempts, duration) plus two string arrays, not one
 * object per row: a 100,000-row job costs a few megabytes and settling a row allocates nothing.
 *
 * Safeguards (docs/bulk.md): a run whose first rows all fail the same way stops by itself, and a
 * run stops after `maxFailures` failed rows; either way nothing new starts, the calls in flight
 * finish and are recorded, and every unsent row stays pending for a later `start()`.
 */
import { errorMessage } from '../text/error-message.ts';
import { maxFailuresOf, RunSafeguards, sameFailureLimitOf } from './run-safeguards.ts';

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
 * - cancelled: stopped by the user, calls in flight aborted; finished: every queued row settled;
 * - stopped: stopped by a safeguard (see `stopReason`), calls in flight finished, the rest unsent.
 */
export type JobPhase = 'idle' | 'running' | 'paused' | 'cancelled' | 'stopped' | 'finished';

export interface BulkItem {
  ServiceURI: string;
  MediaType: string;
}

/** Sends one row; resolves with the service's string, rejects on any failure. */
export type RegisterFn = (item: BulkItem, signal: AbortSignal) => Promise<string>;

export interface BulkRunnerOptions {
  items: readonly BulkItem[];
  register: RegisterFn;
  /** Rows sent at once, 1–64 (clamped); default 4. */
  concurrency?: number;
  /** Starting results (restored from the tab, or 'skipped' for rows that must not be sent). */
  initialResults?: readonly RowResult[];
  /** With restored results: why a safeguard had stopped that job (its snapshot's stopReason). */
  initialStopReason?: string | null;
  /** A value that is an answer but means failure; default: starts with ERROR. */
  isFailureValue?: (value: string) => boolean;
  /** A thrown error in plain words; default: its message. */
  describeError?: (error: unknown) => string;
  /** Called once for every row that settles (succeeded, failed or cancelled), in settle order. */
  onRowSettled?: (index: number, result: RowResult) => void;
  /** Stop a run once this many of its rows have failed; default: no limit. */
  maxFailures?: number | null;
  /**
   * Stop a run whose first this-many rows all failed with the same cause; until one of its rows
   * succeeds or that many have settled, no more than this many are sent. Default
   * SAME_FAILURE_LIMIT; 0 turns the rule off.
   */
  sameFailureLimit?: number;
}

export interface JobSnapshot {
  phase: JobPhase;
  concurrency: number;
  total: number;
  counts: Readonly<Record<RowState, number>>;
  /** Changes on every update: cheap equality for subscribers. */
  version: number;
  /** Why a safeguard stopped the job (phase 'stopped'), in words that quote the service. */
  stopReason: string | null;
}

export const MIN_CONCURRENCY = 1;
/** What one client may ask of a service; the page offers less (a browser opens six connections). */
export const MAX_CONCURRENCY = 64;
export const DEFAULT_CONCURRENCY = 4;
/** The Result of a row left unsent when a safeguard stopped the job. */
export const NOT_SENT_STOPPED = 'Not sent: a safeguard stopped the job before this row.';

/** @example clampConcurrency(200) // 64 */
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

/** The states in a fixed order: a row's state is stored as its index here. */
export const ROW_STATES: readonly RowState[] = [
  'pending',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'skipped',
];
const CODE: Record<RowState, number> = {
  pending: 0,
  running: 1,
  succeeded: 2,
  failed: 3,
  cancelled: 4,
  skipped: 5,
};

const defaultIsFailure = (value: string) => /^\s*ERROR/i.test(value);
const defaultDescribe = errorMessage;

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
  private readonly onRowSettled: ((index: number, result: RowResult) => void) | undefined;
  private readonly states: Uint8Array;
  private readonly attempts: Uint16Array;
  /** NaN when unknown. */
  private readonly durations: Float32Array;
  private readonly values: Array<string | null>;
  private readonly errors: Array<string | null>;
  private readonly inFlight = new Map<number, InFlight>();
  private readonly listeners = new Set<() => void>();
  private readonly settledWaiters: Array<() => void> = [];
  private queue: number[] = [];
  private head = 0;
  private phase: JobPhase = 'idle';
  private concurrency: number;
  private readonly counts: Record<RowState, number> = {
    pending: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    skipped: 0,
  };
  private version = 0;
  private snap: JobSnapshot;
  private maxFailures: number | null;
  private readonly sameFailureLimit: number;
  private stopReason: string | null = null;
  /** This run (since the last start or retry), as its safeguards count it. */
  private safeguards: RunSafeguards;

  constructor(options: BulkRunnerOptions) {
    this.items = options.items;
    this.register = options.register;
    this.isFailureValue = options.isFailureValue ?? defaultIsFailure;
    this.describeError = options.describeError ?? defaultDescribe;
    this.onRowSettled = options.onRowSettled;
    this.concurrency = clampConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.maxFailures = maxFailuresOf(options.maxFailures);
    this.sameFailureLimit = sameFailureLimitOf(options.sameFailureLimit);
    this.safeguards = new RunSafeguards(this.sameFailureLimit);
    const n = options.items.length;
    this.states = new Uint8Array(n);
    this.attempts = new Uint16Array(n);
    this.durations = new Float32Array(n).fill(Number.NaN);
    this.values = new Array<string | null>(n).fill(null);
    this.errors = new Array<string | null>(n).fill(null);
    this.counts.pending = n;
    let restored = false;
    options.initialResults?.forEach((initial, index) => {
      if (index >= n) return;
      // A row that was in flight when the job was saved never got its answer here.
      const state = initial.state === 'running' ? 'cancelled' : initial.state;
      if (state !== 'pending' && state !== 'skipped') restored = true;
      this.store(index, { ...initial, state });
    });
    if (restored) {
      const unsent = this.counts.pending + this.counts.cancelled > 0;
      // A job a safeguard stopped is still that, not one the user cancelled.
      this.stopReason = unsent ? (options.initialStopReason ?? null) : null;
      this.phase = !unsent ? 'finished' : this.stopReason ? 'stopped' : 'cancelled';
    }
    this.snap = this.makeSnapshot();
  }

  /** The current state; a new object after every change. */
  snapshot(): JobSnapshot {
    return this.snap;
  }

  /** The state of row `index` (0-based), without building its whole result. */
  stateOf(index: number): RowState {
    return ROW_STATES[this.states[index] ?? 0] ?? 'pending';
  }

  /** The outcome of row `index` (0-based). */
  result(index: number): RowResult {
    if (index < 0 || index >= this.items.length) return PENDING;
    const duration = this.durations[index] ?? Number.NaN;
    return {
      state: this.stateOf(index),
      value: this.values[index] ?? null,
      error: this.errors[index] ?? null,
      attempts: this.attempts[index] ?? 0,
      durationMs: Number.isNaN(duration) ? null : duration,
    };
  }

  /** All outcomes, in row order (new objects). */
  allResults(): RowResult[] {
    return this.items.map((_, index) => this.result(index));
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

  /** Stop a run once this many of its rows have failed (null: no limit); counts from now on too. */
  setMaxFailures(value: number | null): void {
    this.maxFailures = maxFailuresOf(value);
  }

  /** Sends every row not yet sent (pending, or cancelled earlier). */
  start(): void {
    this.enqueue((state) => state === CODE.pending || state === CODE.cancelled);
  }

  /** Sends the failed rows again. */
  retryFailed(): void {
    this.enqueue((state) => state === CODE.failed);
  }

  /** Stops sending new rows; the calls in flight finish (`whenSettled` waits for them). */
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
    const aborted = [...this.inFlight];
    this.inFlight.clear();
    for (const [index, flight] of aborted) {
      flight.controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
      this.setState(index, CODE.cancelled);
      this.errors[index] = 'Cancelled before the answer arrived.';
      this.onRowSettled?.(index, this.result(index));
    }
    this.changed();
  }

  /** 1–64; takes effect at once (more rows start, or fewer start until in-flight calls drain). */
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

  private enqueue(pick: (stateCode: number) => boolean): void {
    let queued: Set<number>;
    if (this.phase === 'running' || this.phase === 'paused') {
      // Already going: add the rows behind those queued.
      this.queue = this.queue.slice(this.head);
      queued = new Set(this.queue);
    } else {
      this.queue = [];
      queued = new Set();
    }
    this.head = 0;
    if (this.phase !== 'running' && this.phase !== 'paused') this.newRun();
    for (let index = 0; index < this.items.length; index++) {
      if (pick(this.states[index] ?? 0) && !queued.has(index) && !this.inFlight.has(index)) {
        this.setState(index, CODE.pending);
        this.errors[index] = null;
        this.queue.push(index);
      }
    }
    if (this.phase !== 'paused') this.phase = 'running';
    this.pump();
    this.finishIfDone();
    this.changed();
  }

  private newRun(): void {
    this.stopReason = null;
    this.safeguards = new RunSafeguards(this.sameFailureLimit);
  }

  private pump(): void {
    while (
      this.phase === 'running' &&
      this.inFlight.size < this.concurrency &&
      this.head < this.queue.length &&
      this.safeguards.maySend()
    ) {
      const index = this.queue[this.head++];
      if (index !== undefined) this.launch(index);
    }
  }

  private launch(index: number): void {
    const item = this.items[index];
    if (!item) return;
    const flight: InFlight = {
      controller: new AbortController(),
      attempt: (this.attempts[index] ?? 0) + 1,
    };
    this.inFlight.set(index, flight);
    this.safeguards.sent();
    this.setState(index, CODE.running);
    this.attempts[index] = flight.attempt;
    const started = performance.now();
    const isCurrent = () => this.inFlight.get(index) === flight;
    const register = this.register;
    Promise.resolve()
      .then(() => register(item, flight.controller.signal))
      .then(
        (value) => {
          if (!isCurrent()) return;
          const failed = this.isFailureValue(value);
          this.settle(index, started, {
            state: failed ? 'failed' : 'succeeded',
            value,
            error: failed ? 'The service answered with an ERROR string.' : null,
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
          this.settle(index, started, {
            state: flight.controller.signal.aborted ? 'cancelled' : 'failed',
            value: null,
            error: message,
          });
        },
      );
  }

  private settle(
    index: number,
    started: number,
    outcome: Pick<RowResult, 'state' | 'value' | 'error'>,
  ): void {
    this.inFlight.delete(index);
    this.setState(index, CODE[outcome.state]);
    this.values[index] = outcome.value;
    this.errors[index] = outcome.error;
    this.durations[index] = performance.now() - started;
    if (this.onRowSettled) {
      try {
        this.onRowSettled(index, this.result(index));
      } catch (error) {
        console.error('A bulk job row listener failed', error);
      }
    }
    if (outcome.state === 'succeeded') this.safeguards.succeeded();
    else if (outcome.state === 'failed') {
      const stop = this.safeguards.failed(outcome, this.maxFailures);
      if (stop !== null) this.stop(stop);
    }
    this.pump();
    this.finishIfDone();
    this.changed();
  }

  /** A safeguard stops the run: nothing new starts, calls in flight finish, the rest stays unsent. */
  private stop(reason: string): void {
    if (this.phase !== 'running' && this.phase !== 'paused') return;
    this.phase = 'stopped';
    this.stopReason = reason;
    for (let at = this.head; at < this.queue.length; at++) {
      const index = this.queue[at];
      if (index !== undefined) this.errors[index] = NOT_SENT_STOPPED;
    }
    this.queue = [];
    this.head = 0;
  }

  private finishIfDone(): void {
    if (this.phase === 'running' && this.inFlight.size === 0 && this.head >= this.queue.length) {
      this.phase = 'finished';
      this.queue = [];
      this.head = 0;
    }
  }

  private store(index: number, result: RowResult): void {
    this.setState(index, CODE[result.state]);
    this.values[index] = result.value;
    this.errors[index] = result.error;
    this.attempts[index] = result.attempts;
    this.durations[index] = result.durationMs ?? Number.NaN;
  }

  private setState(index: number, code: number): void {
    const previous = ROW_STATES[this.states[index] ?? 0] ?? 'pending';
    const next = ROW_STATES[code] ?? 'pending';
    this.counts[previous] -= 1;
    this.counts[next] += 1;
    this.states[index] = code;
  }

  private makeSnapshot(): JobSnapshot {
    return {
      phase: this.phase,
      concurrency: this.concurrency,
      total: this.items.length,
      counts: { ...this.counts },
      version: this.version,
      stopReason: this.stopReason,
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
