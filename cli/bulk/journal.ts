/**
 * The journal of a streamed bulk job (`<results>.journal`), for exactly-once resume after a
 * crash or `kill -9` at any point. Text lines, appended with a synchronous write each (a killed
 * process loses no write that returned; `fsync` every FSYNC_EVERY_MS bounds what a power cut
 * can take):
 *
 *   H {json}            the job: input file (size, mtime), shard, columns
 *   C prefix offset d…  checkpoint: rows 1..prefix and d… are done; the results file is
 *                       reconciled with this journal from byte `offset` on
 *   S row               the row is about to be sent
 *   D row               the row is done for good (its results line is already written)
 *   U row               the row failed without a clear answer (timeout, broken connection):
 *                       the service may have registered it
 *   E                   the run read its input to the end (`bulk merge` reads this)
 *
 * Rows started but neither done nor clearly failed, and U rows, are in doubt: a resume asks the
 * service about them before sending them again. Every COMPACT_EVERY done rows the journal is
 * rewritten as one checkpoint (written aside, fsync'd, renamed over), so its size and replay
 * time stay small whatever the row count.
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

export const COMPACT_EVERY = 50_000;
const FSYNC_EVERY_MS = 200;

export interface JournalHeader {
  input: { size: number; mtimeMs: number };
  shard: string;
}

export interface Replay {
  header: JournalHeader | null;
  done: DoneRows;
  /** Rows whose fate is unknown: ask the service before sending them again. */
  inDoubt: number[];
  /** Byte offset of the results file from which lines are not yet in a checkpoint. */
  resultsOffset: number;
  /** The last run read its input to the end. */
  ended: boolean;
}

/**
 * Reads a journal (a missing file is an empty journal; a torn last line is ignored).
 * @example const { done, inDoubt } = replayJournal('rows-results.csv.journal');
 */
export function replayJournal(path: string): Replay {
  let done = new DoneRows();
  const started = new Set<number>();
  const unsure = new Set<number>();
  let header: JournalHeader | null = null;
  let resultsOffset = 0;
  let ended = false;
  if (!existsSync(path)) return { header, done, inDoubt: [], resultsOffset, ended };
  const text = readFileSync(path, 'latin1');
  const end = text.lastIndexOf('\n');
  let at = 0;
  while (at <= end) {
    const next = text.indexOf('\n', at);
    const line = text.slice(at, next);
    at = next + 1;
    const kind = line.charCodeAt(0);
    if (kind === 83 /* S */) started.add(Number(line.slice(2)));
    else if (kind === 68 /* D */) {
      const row = Number(line.slice(2));
      done.add(row);
      started.delete(row);
      unsure.delete(row);
    } else if (kind === 85 /* U */) {
      const row = Number(line.slice(2));
      started.delete(row);
      unsure.add(row);
    } else if (kind === 67 /* C */) {
      const [prefix, offset, ...extra] = line.slice(2).split(' ').map(Number);
      // A checkpoint opens a compacted journal: it holds everything before it.
      done = new DoneRows({ prefix: prefix ?? 0, extra: extra.filter((n) => n > 0) });
      resultsOffset = offset ?? 0;
    } else if (kind === 69 /* E */) {
      ended = true;
    } else if (kind === 72 /* H */) {
      header = JSON.parse(line.slice(2)) as JournalHeader;
    }
  }
  const inDoubt = [...started, ...unsure].filter((row) => !done.has(row)).sort((a, b) => a - b);
  return { header, done, inDoubt, resultsOffset, ended };
}

/**
 * @example
 * const journal = new Journal(path, header, replay); journal.started(7); … journal.done(7);
 */
export class Journal {
  private fd: number;
  private sinceCheckpoint = 0;
  private readonly inFlight = new Set<number>();
  private readonly unsure: Set<number>;
  private readonly timer: ReturnType<typeof setInterval>;
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly header: JournalHeader,
    readonly doneRows: DoneRows,
    inDoubt: readonly number[],
    /** The results file's size now (lines before it are in this checkpoint). */
    private readonly resultsSize: () => number,
  ) {
    this.unsure = new Set(inDoubt);
    this.fd = this.rewrite();
    this.timer = setInterval(() => this.sync(), FSYNC_EVERY_MS);
    this.timer.unref();
  }

  started(row: number): void {
    this.inFlight.add(row);
    this.append(`S ${row}\n`);
  }

  /** The row is done for good; call after its results line is written. */
  done(row: number): void {
    this.inFlight.delete(row);
    this.unsure.delete(row);
    this.doneRows.add(row);
    this.append(`D ${row}\n`);
    if (++this.sinceCheckpoint >= COMPACT_EVERY) this.compact();
  }

  /** The row failed without a clear answer: in doubt until the service is asked. */
  unclear(row: number): void {
    this.inFlight.delete(row);
    this.unsure.add(row);
    this.append(`U ${row}\n`);
  }

  /** The row failed clearly (or was cancelled before sending): it may simply be sent again. */
  notDone(row: number): void {
    this.inFlight.delete(row);
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
    this.sync();
    closeSync(this.fd);
  }

  private rewrite(): number {
    const { prefix, extra } = this.doneRows.state();
    const doubt = [...this.unsure, ...this.inFlight];
    const text =
      `H ${JSON.stringify(this.header)}\n` +
      `C ${prefix} ${this.resultsSize()}${extra.length ? ` ${extra.join(' ')}` : ''}\n` +
      doubt.map((row) => `U ${row}\n`).join('');
    const aside = `${this.path}.tmp`;
    const fd = openSync(aside, 'w');
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(aside, this.path);
    return openSync(this.path, 'a');
  }

  private append(line: string): void {
    writeSync(this.fd, line);
    this.dirty = true;
  }

  private sync(): void {
    if (!this.dirty) return;
    this.dirty = false;
    fsyncSync(this.fd);
  }
}
