/**
 * The journal of a streamed bulk job (`<results>.journal`), for exactly-once resume after a
 * crash or `kill -9` at any point. Text lines, appended with a synchronous write each (a killed
 * process loses no write that returned; `fsync` every FSYNC_EVERY_MS bounds what a power cut
 * can take):
 *
 *   H {json}            the job: input file (size, mtime), shard, columns
 *   C prefix offset s…  checkpoint: rows 1..prefix and s… are settled (done, failed or in
 *                       doubt); the results file is reconciled from byte `offset` on
 *   S row               the row is about to be sent (rows that start in the same turn of the
 *                       event loop share one write, made before any of them is sent)
 *   D row               the row is done for good (read, no longer written: see below)
 *   F row               the row failed with a clear answer: a resume sends it again
 *   U row               the row failed without a clear answer (timeout, broken connection,
 *                       cancelled in flight): the service may have registered it
 *   E                   the run read its input to the end (`bulk merge` reads this)
 *
 * A row done for good writes no journal line: its results line ("registered", "skipped …") is
 * the record, and a resume reads the results file from the checkpoint's offset on
 * (`reconcileResults`), which also covers a line the journal could not know of. One write less
 * per row is about a tenth of the command's CPU per row (a synchronous write costs about 30 µs),
 * and for the same reason the S lines of the rows that start in one turn of the event loop go out
 * in one write: `started` resolves once it is made, and the caller sends the row only then.
 * Rows started but not settled, and U rows, are in doubt: a resume asks the service about them
 * before sending them again. Settled rows are kept as a contiguous prefix plus the few beyond it
 * (rows settle in about the order they start), failed and in-doubt rows as lists (they grow with
 * failures, not with rows). Every COMPACT_EVERY settled rows the journal is rewritten as one
 * checkpoint (written aside, fsync'd, renamed over), so its size and replay time stay small
 * whatever the row count.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { DoneRows } from '../../src/bulk-job/done-rows.ts';
import { toError } from '../../src/text/error-message.ts';

export const COMPACT_EVERY = 50_000;
const FSYNC_EVERY_MS = 200;

export interface JournalHeader {
  input: { size: number; mtimeMs: number };
  shard: string;
}

/** What a journal knows about the rows. */
export class JournalState {
  constructor(
    /** Rows done, failed or in doubt. */
    readonly settled = new DoneRows(),
    readonly failed = new Set<number>(),
    readonly unsure = new Set<number>(),
  ) {}

  /** Done for good: not to be sent again. */
  isDone(row: number): boolean {
    return this.settled.has(row) && !this.failed.has(row) && !this.unsure.has(row);
  }

  /** @returns whether the row was not done before */
  markDone(row: number): boolean {
    const was = this.isDone(row);
    this.settled.add(row);
    this.failed.delete(row);
    this.unsure.delete(row);
    return !was;
  }

  markFailed(row: number): void {
    this.settled.add(row);
    this.failed.add(row);
  }

  markUnsure(row: number): void {
    this.settled.add(row);
    this.unsure.add(row);
  }

  /** Rows done for good. */
  get doneCount(): number {
    return this.settled.size - this.failed.size - this.unsure.size;
  }
}

export interface Replay {
  header: JournalHeader | null;
  state: JournalState;
  /**
   * Rows whose fate the journal does not know: ask the service before sending them again. Rows
   * done since the last checkpoint are among them until `reconcileResults` finds their lines.
   */
  inDoubt: number[];
  /** Byte offset of the results file from which lines are not yet in a checkpoint. */
  resultsOffset: number;
  /** The last run read its input to the end. */
  ended: boolean;
}

/**
 * Reads a journal (a missing file is an empty journal; a torn last line is ignored).
 * @example const { state, inDoubt } = replayJournal('rows-results.csv.journal');
 */
export function replayJournal(path: string): Replay {
  let state = new JournalState();
  const started = new Set<number>();
  let header: JournalHeader | null = null;
  let resultsOffset = 0;
  let ended = false;
  if (!existsSync(path)) return { header, state, inDoubt: [], resultsOffset, ended };
  const text = readFileSync(path, 'latin1');
  const end = text.lastIndexOf('\n');
  let at = 0;
  while (at <= end) {
    const next = text.indexOf('\n', at);
    const line = text.slice(at, next);
    at = next + 1;
    const kind = line.charCodeAt(0);
    const row = Number(line.slice(2));
    if (kind === 83 /* S */) started.add(row);
    else if (kind === 68 /* D */) state.markDone(row);
    else if (kind === 70 /* F */) state.markFailed(row);
    else if (kind === 85 /* U */) state.markUnsure(row);
    else if (kind === 67 /* C */) {
      const [prefix, offset, ...extra] = line.slice(2).split(' ').map(Number);
      // A checkpoint opens a compacted journal: it holds everything before it.
      state = new JournalState(
        new DoneRows({ prefix: prefix ?? 0, extra: extra.filter((n) => n > 0) }),
      );
      resultsOffset = offset ?? 0;
    } else if (kind === 69 /* E */) {
      ended = true;
    } else if (kind === 72 /* H */) {
      header = JSON.parse(line.slice(2)) as JournalHeader;
    }
  }
  const inDoubt = [...started].filter((n) => !state.settled.has(n));
  const all = [...new Set([...inDoubt, ...state.unsure])].sort((a, b) => a - b);
  for (const n of inDoubt) state.markUnsure(n);
  return { header, state, inDoubt: all, resultsOffset, ended };
}

/**
 * @example
 * const journal = new Journal(path, header, replay); journal.started(7); … journal.done(7);
 */
export class Journal {
  private fd: number;
  private sinceCheckpoint = 0;
  private readonly inFlight = new Set<number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private dirty = false;
  /** S lines not yet written, and the promise their rows wait on (see `started`). */
  private starts = '';
  private startsWritten: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly header: JournalHeader,
    readonly state: JournalState,
    /** The results file's size now (lines before it are in this checkpoint). */
    private readonly resultsSize: () => number,
  ) {
    this.fd = this.rewrite();
    this.timer = setInterval(() => this.sync(), FSYNC_EVERY_MS);
    this.timer.unref();
  }

  /**
   * The row is about to be sent: resolves once its S line is written, and the row must not be
   * sent before (a write that fails rejects, and the row is not sent). The lines of the rows that
   * start before the event loop's check phase (setImmediate: after this turn's I/O callbacks and
   * the promise jobs they run) share one write.
   */
  started(row: number): Promise<void> {
    this.inFlight.add(row);
    this.starts += `S ${row}\n`;
    this.startsWritten ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        try {
          this.writeStarts();
          resolve();
        } catch (error) {
          reject(toError(error));
        }
      });
    });
    return this.startsWritten;
  }

  /** The row is done for good; call after its results line is written (that line is its record). */
  done(row: number): void {
    this.inFlight.delete(row);
    this.state.markDone(row);
    this.countSettled();
  }

  /** The row failed with a clear answer: a resume sends it again. */
  failed(row: number): void {
    this.inFlight.delete(row);
    this.state.markFailed(row);
    this.append(`F ${row}\n`);
  }

  /** The row failed without a clear answer: in doubt until the service is asked. */
  unclear(row: number): void {
    this.inFlight.delete(row);
    this.state.markUnsure(row);
    this.append(`U ${row}\n`);
  }

  /** Rewrites the journal as one checkpoint (see the file's comment). */
  compact(): void {
    this.sync();
    closeSync(this.fd);
    this.fd = this.rewrite();
    this.sinceCheckpoint = 0;
  }

  /** The input was read to its end: compacts and says so (see `E`). */
  markEnded(): void {
    this.compact();
    this.append('E\n');
  }

  close(): void {
    clearInterval(this.timer);
    this.writeStarts();
    this.sync();
    closeSync(this.fd);
  }

  private rewrite(): number {
    const { prefix, extra } = this.state.settled.state();
    const doubt = [...this.state.unsure, ...this.inFlight];
    const text =
      `H ${JSON.stringify(this.header)}\n` +
      `C ${prefix} ${this.resultsSize()}${extra.length ? ` ${extra.join(' ')}` : ''}\n` +
      [...this.state.failed].map((row) => `F ${row}\n`).join('') +
      doubt.map((row) => `U ${row}\n`).join('');
    const aside = `${this.path}.tmp`;
    const fd = openSync(aside, 'w');
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(aside, this.path);
    return openSync(this.path, 'a');
  }

  /** The S lines waiting, in one write (the rows waiting on them may then be sent). */
  private writeStarts(): void {
    const lines = this.starts;
    this.starts = '';
    this.startsWritten = null;
    if (lines === '') return;
    writeSync(this.fd, lines);
    this.dirty = true;
  }

  private append(line: string): void {
    writeSync(this.fd, line);
    this.dirty = true;
    this.countSettled();
  }

  private countSettled(): void {
    if (++this.sinceCheckpoint >= COMPACT_EVERY) this.compact();
  }

  private sync(): void {
    if (!this.dirty) return;
    this.dirty = false;
    fsyncSync(this.fd);
  }
}
