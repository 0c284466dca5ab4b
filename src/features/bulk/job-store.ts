/**
 * The bulk job of this tab: what the user entered, the checked rows, and the running job. It
 * lives outside React so a job keeps running while the user visits other pages, and it is saved
 * to sessionStorage (never the key) so a reload in the same tab finds the rows and results.
 */
import {
  BulkRunner,
  ROW_STATES,
  clampConcurrency,
  DEFAULT_CONCURRENCY,
} from '../../bulk-job/bulk-runner.ts';
import type { RegisterFn, RowResult } from '../../bulk-job/bulk-runner.ts';
import { initialResults } from '../../bulk-job/bulk-rows.ts';
import { readBulkCsv, type ParsedBulkInput } from '../../bulk-job/read-bulk-csv.ts';
import { errorMessage } from '../../text/error-message.ts';

export interface BulkInput {
  text: string;
  fileName: string | null;
  /** Send a repeated ServiceURI + MediaType pair only once. */
  skipDuplicates: boolean;
  concurrency: number;
  /** Write each call to History (and successes to the Register page's list). */
  recordInHistory: boolean;
  /** Stop the job once this many rows have failed; null: no limit (docs/bulk.md, Safeguards). */
  maxFailures: number | null;
}

export type ParsedInput = ParsedBulkInput;

export interface BulkJobState {
  input: BulkInput;
  /** The rows of `input.text`, once checked. */
  parsed: ParsedInput | null;
  /** Rows read so far while a large input is being checked. */
  parsing: number | null;
  /** The job, once started; its rows are `parsed.rows` and the input is locked meanwhile. */
  runner: BulkRunner | null;
  /** Saving to sessionStorage failed (too big): the job is kept for this page only. */
  notSaved: boolean;
}

export const STORAGE_KEY = 'inode-console.bulk-job';
/** The input text, saved apart and only when it changes: the results are saved every second. */
export const TEXT_STORAGE_KEY = 'inode-console.bulk-job.text';

/**
 * The page's ceiling: the runner's (and the relay's calls in flight). Over the console server's
 * relay one WebSocket carries every call, so more than Chromium's six connections per origin
 * pays: 16 at a time reach about twice the rows/s of 6 (docs/performance.md, Bulk). Over plain
 * fetch, calls beyond six only queue inside Chromium. The default stays 4 (the service's
 * capacity is unknown).
 */
export const PAGE_MAX_CONCURRENCY = 64;

/** What the page offers: every step to 16, then a few larger ones. */
export const PAGE_CONCURRENCY_CHOICES: readonly number[] = [
  ...Array.from({ length: 16 }, (_, i) => i + 1),
  24,
  32,
  48,
  PAGE_MAX_CONCURRENCY,
];

/** @example pageConcurrency(42) // 32 (the largest choice not above it) */
export function pageConcurrency(value: number): number {
  const wanted = Math.min(PAGE_MAX_CONCURRENCY, clampConcurrency(value));
  return PAGE_CONCURRENCY_CHOICES.filter((n) => n <= wanted).at(-1) ?? 1;
}

const DEFAULT_INPUT: BulkInput = {
  text: '',
  fileName: null,
  skipDuplicates: true,
  concurrency: DEFAULT_CONCURRENCY,
  recordInHistory: true,
  maxFailures: null,
};

type SavedResult = [number, string | null, string | null, number];

/** About what one row's saved result takes (an ID of 36 characters and the JSON around it). */
const SAVED_ROW_CHARS = 48;
/** sessionStorage holds about 5 million characters per origin in Chromium and Firefox. */
const SAVE_LIMIT_CHARS = 4_000_000;

interface SavedJob {
  input: BulkInput;
  results: SavedResult[] | null;
  /** Why a safeguard stopped the job, so a reload does not call it cancelled. */
  stopReason?: string | null;
}

const notReady: RegisterFn = () =>
  Promise.reject(new Error('Enter the OpenIDKey and press Run to send this row.'));

/**
 * @example const store = new BulkJobStore(sessionStorage); store.setText('https://a,image');
 */
export class BulkJobStore {
  private state: BulkJobState;
  private readonly listeners = new Set<() => void>();
  private parseController: AbortController | null = null;
  private parseTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeRunner: (() => void) | null = null;
  private parsedText: string | null = null;
  private savedText: string | null = null;
  private readonly ready: Promise<void>;

  constructor(
    private readonly storage: Storage | undefined,
    private readonly parseDelayMs = 250,
  ) {
    const saved = readSaved(storage);
    this.state = {
      input: saved?.input ?? DEFAULT_INPUT,
      parsed: null,
      parsing: null,
      runner: null,
      notSaved: false,
    };
    this.ready = this.parse().then(() => {
      const results = saved?.results;
      const rows = this.state.parsed?.rows;
      // Attach the saved results only to the very rows they belong to (not to an edit made
      // while the saved job was being read back).
      const unchanged = this.state.input.text === saved?.input.text && !this.state.runner;
      if (results && rows && unchanged && results.length === rows.length) {
        this.attachRunner(
          new BulkRunner({
            items: rows,
            register: notReady,
            concurrency: this.state.input.concurrency,
            maxFailures: this.state.input.maxFailures,
            initialResults: results.map(fromSaved),
            initialStopReason: saved?.stopReason ?? null,
          }),
        );
      }
    });
  }

  /** Resolves once the saved job (if any) has been read back. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  getState = (): BulkJobState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** New input text (typed, pasted or read from a file); checked after a short pause. */
  setText(text: string, fileName: string | null = null): void {
    if (this.state.runner) return;
    this.update({ input: { ...this.state.input, text, fileName } });
    if (this.parseTimer) clearTimeout(this.parseTimer);
    this.parseTimer = setTimeout(() => void this.parse(), this.parseDelayMs);
  }

  /** Checks the current text now (e.g. after a file was read); resolves when done. */
  checkNow(): Promise<void> {
    if (this.parseTimer) clearTimeout(this.parseTimer);
    return this.parse();
  }

  setOptions(patch: Partial<Omit<BulkInput, 'text' | 'fileName'>>): void {
    const input = { ...this.state.input, ...patch };
    input.concurrency = pageConcurrency(input.concurrency);
    this.update({ input });
    if (patch.concurrency !== undefined) this.state.runner?.setConcurrency(input.concurrency);
    if (patch.maxFailures !== undefined) this.state.runner?.setMaxFailures(input.maxFailures);
  }

  /** Starts the job over the checked rows (or continues it), sending through `register`. */
  async run(register: RegisterFn): Promise<void> {
    if (!this.state.runner) await this.checkNow();
    let runner = this.state.runner;
    if (!runner) {
      const rows = this.state.parsed?.rows ?? [];
      if (rows.length === 0 || this.state.parsed?.fileErrors.length) return;
      runner = new BulkRunner({
        items: rows,
        register,
        concurrency: this.state.input.concurrency,
        maxFailures: this.state.input.maxFailures,
        initialResults: initialResults(rows, this.state.input.skipDuplicates),
      });
      this.attachRunner(runner);
    }
    runner.setRegister(register);
    runner.start();
  }

  /** Sends the failed rows again through `register`. */
  retryFailed(register: RegisterFn): void {
    this.state.runner?.setRegister(register);
    this.state.runner?.retryFailed();
  }

  /** Ends the job (cancelling it if it runs) and unlocks the input; the text is kept. */
  newJob(): void {
    this.state.runner?.cancel();
    this.unsubscribeRunner?.();
    this.unsubscribeRunner = null;
    this.update({ runner: null });
    this.save();
  }

  private attachRunner(runner: BulkRunner): void {
    this.unsubscribeRunner?.();
    this.unsubscribeRunner = runner.subscribe(() => this.scheduleSave());
    this.update({ runner });
    this.save();
  }

  private async parse(): Promise<void> {
    const text = this.state.input.text;
    if (text === this.parsedText && this.state.parsed) return;
    this.parseController?.abort();
    const controller = new AbortController();
    this.parseController = controller;
    this.update({ parsing: 0 });
    try {
      const parsed = await readBulkCsv(text, {
        signal: controller.signal,
        onProgress: (rowsSoFar) => this.update({ parsing: rowsSoFar }),
      });
      this.parsedText = text;
      this.update({ parsed, parsing: null });
      this.save();
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error);
      this.update({
        parsed: {
          rows: [],
          hasHeader: false,
          columns: null,
          delimiter: '',
          fileErrors: [`The input could not be read: ${message}`],
          problems: [],
        },
        parsing: null,
      });
    }
  }

  /** Saves now rather than within the second (e.g. when the page is being hidden). */
  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.save();
  }

  private scheduleSave(): void {
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = null;
      this.save();
    }, 1000);
  }

  private save(): void {
    if (!this.storage) return;
    const runner = this.state.runner;
    // A job beyond the tab's storage quota would fail anyway, after stringifying megabytes on
    // the main thread every second: it is not tried (and the page says so).
    const estimate =
      this.state.input.text.length + (runner ? runner.items.length * SAVED_ROW_CHARS : 0);
    if (estimate > SAVE_LIMIT_CHARS) {
      if (!this.state.notSaved) this.update({ notSaved: true });
      return;
    }
    const { text, ...options } = this.state.input;
    const saved = {
      input: options,
      results: runner ? runner.allResults().map(toSaved) : null,
      stopReason: runner?.snapshot().stopReason ?? null,
    };
    try {
      if (text !== this.savedText) {
        this.storage.setItem(TEXT_STORAGE_KEY, text);
        this.savedText = text;
      }
      this.storage.setItem(STORAGE_KEY, JSON.stringify(saved));
      if (this.state.notSaved) this.update({ notSaved: false });
    } catch {
      // Quota exceeded: the job stays in this page's memory only, and the page says so.
      if (!this.state.notSaved) this.update({ notSaved: true });
    }
  }

  private update(patch: Partial<BulkJobState>): void {
    this.state = { ...this.state, ...patch };
    if (patch.input) this.scheduleSave();
    for (const listener of [...this.listeners]) listener();
  }
}

function toSaved(result: RowResult): SavedResult {
  return [ROW_STATES.indexOf(result.state), result.value, result.error, result.attempts];
}

function fromSaved([code, value, error, attempts]: SavedResult): RowResult {
  return { state: ROW_STATES[code] ?? 'pending', value, error, attempts, durationMs: null };
}

function readSaved(storage: Storage | undefined): SavedJob | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedJob>;
    const input = parsed.input;
    const text = typeof input?.text === 'string' ? input.text : storage?.getItem(TEXT_STORAGE_KEY);
    if (!input || typeof text !== 'string') return null;
    return {
      input: {
        text,
        fileName: typeof input.fileName === 'string' ? input.fileName : null,
        skipDuplicates: input.skipDuplicates !== false,
        concurrency: pageConcurrency(Number(input.concurrency)),
        recordInHistory: input.recordInHistory !== false,
        maxFailures:
          Number.isInteger(input.maxFailures) && Number(input.maxFailures) > 0
            ? Number(input.maxFailures)
            : null,
      },
      results: Array.isArray(parsed.results) ? parsed.results.filter(isSavedResult) : null,
      stopReason: typeof parsed.stopReason === 'string' ? parsed.stopReason : null,
    };
  } catch {
    return null;
  }
}

function isSavedResult(value: unknown): value is SavedResult {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'number' &&
    (value[1] === null || typeof value[1] === 'string') &&
    (value[2] === null || typeof value[2] === 'string') &&
    typeof value[3] === 'number'
  );
}

let tabStore: BulkJobStore | null = null;

/** The one job of this tab (created on first use, from sessionStorage when it holds one). */
export function tabBulkJobStore(): BulkJobStore {
  if (!tabStore) {
    const store = new BulkJobStore(safeSessionStorage());
    globalThis.addEventListener?.('pagehide', () => store.flush());
    tabStore = store;
  }
  return tabStore;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
