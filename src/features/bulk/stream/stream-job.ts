/**
 * A bulk job over a chosen file of any size: the file's rows come from its worker a batch at a
 * time (file-rows-client.ts), StreamRunner sends them (rate, concurrency, adaptive, retries,
 * safeguards), and each settled row is written to the results file and forgotten. The page
 * keeps counts, the first failures, the last rows and where the job got to (DoneRows, saved
 * to IndexedDB for resume), never every row. Lives outside React, so it runs while the user
 * visits other pages.
 */
import { startingResult, type BulkRow } from '../../../bulk-job/bulk-rows.ts';
import { SKIPPED, type RegisterFn, type RowResult } from '../../../bulk-job/bulk-runner.ts';
import { DoneRows, notDone, type DoneRowsState } from '../../../bulk-job/done-rows.ts';
import { outcomeWord, resultText } from '../../../bulk-job/results-csv.ts';
import {
  StreamRunner,
  toRowResult,
  type StreamCounts,
  type StreamOutcome,
  type StreamPhase,
} from '../../../bulk-job/stream-runner.ts';
import { openFileRows, type BatchReport } from '../file-rows/file-rows-client.ts';
import type { FileRowsApi, FileRowsHead, RowProblem } from '../file-rows/file-rows-protocol.ts';
import type { Calls } from '../../../workers/worker-call.ts';
import { ResultsFile } from './results-file.ts';
import { fileKey, saveProgress } from './stream-resume.ts';
import type { StreamSettings } from './stream-settings.ts';

/** Failures listed on the page; later ones are counted (every one is in the results file). */
export const MAX_FAILURES_SHOWN = 200;
/** The last rows settled, shown as they go. */
export const RECENT_ROWS = 20;
export const STOPPED_BY_USER =
  'Stopped: no new rows are sent; the calls already sent finish and are recorded.';
const PAINT_EVERY_MS = 250;
/** Lines that did not read cleanly, listed; later ones are counted. */
const MAX_PROBLEMS_SHOWN = 100;
const SAVE_EVERY_MS = 2_000;
/** Rows/s over this last stretch of the job. */
const RATE_WINDOW_MS = 5_000;

export type StreamJobPhase = 'opening' | 'refused' | StreamPhase;

export interface RowLine {
  rowNumber: number;
  ServiceURI: string;
  MediaType: string;
  outcome: string;
  result: string;
}

export interface StreamJobView {
  phase: StreamJobPhase;
  fileName: string;
  fileBytes: number;
  head: FileRowsHead | null;
  bytesRead: number;
  /** The last row number read from the file. */
  lastRowRead: number;
  /** Rows settled by earlier runs of this file (resume): not sent again. */
  doneBefore: number;
  counts: StreamCounts & { skipped: number };
  concurrency: number;
  rowsPerSecond: number | null;
  etaSeconds: number | null;
  failures: RowLine[];
  failuresNotShown: number;
  recent: RowLine[];
  problems: RowProblem[];
  problemsNotKept: number;
  /** Why reading stopped before the end of the file (the rows before it ran). */
  readError: string | null;
  stopReason: string | null;
  /** IndexedDB refused the progress: resume will not be offered for this file. */
  progressNotSaved: boolean;
}

export interface StreamJobStart {
  file: File;
  register: RegisterFn;
  /** A failure in words, never holding the key. */
  describeError(error: unknown): string;
  settings: StreamSettings;
  skipDuplicates: boolean;
  maxFailures: number | null;
  /** Rows settled by an earlier run (resume), or null to start at the first row. */
  resumeFrom: DoneRowsState | null;
  /** Results written so far by an earlier part of this job in this page (Continue). */
  results?: ResultsFile;
  /** The file reader's calls in this thread instead of its worker (tests). */
  fileRowsCalls?: Calls<FileRowsApi>;
}

const NO_COUNTS = { read: 0, inFlight: 0, succeeded: 0, failed: 0, cancelled: 0, retries: 0 };

function rowLine(row: BulkRow, result: RowResult): RowLine {
  return {
    rowNumber: row.rowNumber,
    ServiceURI: row.ServiceURI,
    MediaType: row.MediaType,
    outcome: outcomeWord(row, result),
    result: resultText(row, result),
  };
}

/** @example const job = await StreamJob.start({ file, register, … }); job.subscribe(draw); */
export class StreamJob {
  readonly results: ResultsFile;
  readonly file: File;
  private runner: StreamRunner<BulkRow> | null = null;
  private readonly done: DoneRows;
  private readonly listeners = new Set<() => void>();
  private view: StreamJobView;
  private paintTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSave = 0;
  private skipped = 0;
  private lastRow = 0;
  private readonly doneBefore: number;
  private readonly samples: Array<[number, number]> = [];
  private readonly recent: Array<[BulkRow, RowResult]> = [];
  private readonly failures: RowLine[] = [];
  private failuresNotShown = 0;
  private readonly problems: RowProblem[] = [];
  private problemsNotKept = 0;
  private readError: string | null = null;
  private bytesRead = 0;
  private stopReading: (() => void) | null = null;
  private readonly finished: Promise<void>;

  private constructor(private readonly start: StreamJobStart) {
    this.file = start.file;
    this.results = start.results ?? new ResultsFile();
    this.done = new DoneRows(start.resumeFrom ?? undefined);
    this.doneBefore = this.done.size;
    this.view = {
      phase: 'opening',
      fileName: start.file.name,
      fileBytes: start.file.size,
      head: null,
      bytesRead: 0,
      lastRowRead: 0,
      doneBefore: this.doneBefore,
      counts: { ...NO_COUNTS, skipped: 0 },
      concurrency: start.settings.concurrency,
      rowsPerSecond: null,
      etaSeconds: null,
      failures: [],
      failuresNotShown: 0,
      recent: [],
      problems: [],
      problemsNotKept: 0,
      readError: null,
      stopReason: null,
      progressNotSaved: false,
    };
    this.finished = this.run();
  }

  /** Opens the file and starts sending; resolves at once (see whenDone). */
  static begin(start: StreamJobStart): StreamJob {
    return new StreamJob(start);
  }

  getView = (): StreamJobView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves when the job has ended (finished, stopped, cancelled or refused). */
  whenDone(): Promise<void> {
    return this.finished;
  }

  /** Where the job got to, for Continue (the same file, the rows not settled). */
  progress(): DoneRowsState {
    return this.done.state();
  }

  pause(): void {
    this.runner?.pause();
  }

  resume(): void {
    this.runner?.resume();
  }

  /**
   * No new row is sent; the calls already sent finish and are recorded, so going on later sends
   * each remaining row once (an aborted call may have reached the service all the same).
   */
  stop(): void {
    if (this.runner) this.runner.stop(STOPPED_BY_USER);
    else this.stopReading?.();
  }

  setSettings(settings: StreamSettings): void {
    if (!settings.adaptive) this.runner?.setConcurrency(settings.concurrency);
    this.runner?.setRate(settings.ratePerSecond);
  }

  private async run(): Promise<void> {
    const { file, settings } = this.start;
    let head: FileRowsHead;
    let rows: AsyncIterable<BulkRow>;
    try {
      const opened = await openFileRows(file, {
        skipThrough: this.done.prefix,
        onBatch: (report) => this.onBatch(report),
        ...(this.start.fileRowsCalls ? { calls: this.start.fileRowsCalls } : {}),
      });
      head = opened.head;
      rows = opened.rows;
      this.stopReading = opened.stop;
    } catch (error) {
      this.readError = this.start.describeError(error);
      this.patch({ phase: 'refused' }, true);
      return;
    }
    if (head.fileErrors.length > 0) {
      this.stopReading();
      this.patch({ phase: 'refused', head }, true);
      return;
    }
    this.patch({ head }, true);
    const runner = new StreamRunner<BulkRow>({
      rows: this.toSend(notDone(rows, this.done)),
      register: this.start.register,
      concurrency: settings.concurrency,
      adaptive: settings.adaptive,
      rate: settings.ratePerSecond,
      retries: settings.retries,
      maxFailures: this.start.maxFailures,
      describeError: this.start.describeError,
      onRowSettled: (row, outcome) => this.onSettled(row, outcome),
    });
    this.runner = runner;
    runner.subscribe(() => this.onRunner());
    await runner.run();
    this.stopReading();
    await this.save(true);
    this.onRunner();
  }

  /** The rows that are sent: invalid ones and repeats (when sent once) are written as skipped. */
  private async *toSend(rows: AsyncIterable<BulkRow>): AsyncGenerator<BulkRow> {
    for await (const row of rows) {
      this.lastRow = row.rowNumber;
      if (startingResult(row, this.start.skipDuplicates) === SKIPPED) {
        this.skipped += 1;
        this.write(row, SKIPPED);
        continue;
      }
      yield row;
    }
  }

  private onSettled(row: BulkRow, outcome: StreamOutcome): void {
    // A cancelled row was not answered: it stays to be sent by Continue or a resume.
    if (outcome.state === 'cancelled') return;
    this.write(row, toRowResult(outcome));
  }

  // Per row, only what the results and resume need, plus a place in two short lists; the view
  // the page reads is built at most every 250 ms (paint), not per row.
  private write(row: BulkRow, result: RowResult): void {
    this.results.add(row, result);
    this.done.add(row.rowNumber);
    this.recent.push([row, result]);
    if (this.recent.length > RECENT_ROWS) this.recent.shift();
    if (result.state !== 'failed') return;
    if (this.failures.length < MAX_FAILURES_SHOWN) this.failures.push(rowLine(row, result));
    else this.failuresNotShown += 1;
  }

  private onBatch(report: BatchReport): void {
    this.bytesRead = report.bytesRead;
    const room = Math.max(0, MAX_PROBLEMS_SHOWN - this.problems.length);
    this.problems.push(...report.problems.slice(0, room));
    this.problemsNotKept = report.problemsNotKept + Math.max(0, report.problems.length - room);
    this.readError = report.error ?? this.readError;
  }

  private onRunner(): void {
    const snapshot = this.runner?.snapshot();
    if (!snapshot) return;
    if (performance.now() - this.lastSave > SAVE_EVERY_MS) void this.save(false);
    this.schedulePaint(snapshot.phase !== this.view.phase);
  }

  private schedulePaint(now: boolean): void {
    if (now) {
      if (this.paintTimer) clearTimeout(this.paintTimer);
      this.paintTimer = null;
      this.paint();
      return;
    }
    this.paintTimer ??= setTimeout(() => {
      this.paintTimer = null;
      this.paint();
    }, PAINT_EVERY_MS);
  }

  /** The page's view: counts, rows/s, the time left and the lists, built when it repaints. */
  private paint(): void {
    const now = performance.now();
    const snapshot = this.runner?.snapshot();
    const counts = { ...(snapshot?.counts ?? NO_COUNTS), skipped: this.skipped };
    const settledNow = counts.succeeded + counts.failed + counts.skipped;
    this.samples.push([now, settledNow]);
    while (this.samples.length > 2 && now - (this.samples[0]?.[0] ?? now) > RATE_WINDOW_MS) {
      this.samples.shift();
    }
    const first = this.samples[0];
    const last = this.samples.at(-1);
    let rowsPerSecond: number | null = null;
    if (first && last && last[0] - first[0] >= 1_000) {
      rowsPerSecond = ((last[1] - first[1]) * 1000) / (last[0] - first[0]);
    }
    // Rows in the file, estimated from the bytes read so far (exact once the file is read).
    const fileBytes = this.file.size;
    const estimatedRows = this.bytesRead > 0 ? (this.lastRow * fileBytes) / this.bytesRead : null;
    const etaSeconds =
      rowsPerSecond && rowsPerSecond > 0 && estimatedRows !== null
        ? Math.max(0, estimatedRows - this.doneBefore - settledNow) / rowsPerSecond
        : null;
    this.view = {
      ...this.view,
      ...(snapshot
        ? {
            phase: snapshot.phase,
            concurrency: snapshot.concurrency,
            stopReason: snapshot.stopReason,
          }
        : {}),
      counts,
      bytesRead: this.bytesRead,
      lastRowRead: this.lastRow,
      rowsPerSecond,
      etaSeconds,
      failures: this.failures.slice(),
      failuresNotShown: this.failuresNotShown,
      recent: this.recent.map(([row, result]) => rowLine(row, result)),
      problems: this.problems.slice(),
      problemsNotKept: this.problemsNotKept,
      readError: this.readError,
    };
    for (const listener of [...this.listeners]) listener();
  }

  private patch(patch: Partial<StreamJobView>, paintNow: boolean): void {
    this.view = { ...this.view, ...patch };
    this.schedulePaint(paintNow);
  }

  private async save(final: boolean): Promise<void> {
    this.lastSave = performance.now();
    const counts = this.view.counts;
    const saved = await saveProgress({
      file: fileKey(this.file),
      ...this.done.state(),
      registered: counts.succeeded,
      failed: counts.failed,
      skipped: this.skipped,
      savedAt: Date.now(),
    });
    if (!saved && !this.view.progressNotSaved) this.patch({ progressNotSaved: true }, final);
  }
}
