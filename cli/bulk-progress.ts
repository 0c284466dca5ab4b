/**
 * Progress of a bulk job on standard error: a cli-progress bar on a terminal (rows/s, ETA,
 * failures, retries); elsewhere (CI logs) one line every few seconds; with `--json` one JSON
 * object a second, for machines. A stream's length in rows is unknown until its end, so the
 * share done and the ETA come from the bytes of the file read so far.
 */
import cliProgress from 'cli-progress';
import type { StreamRunner } from '../src/bulk-job/stream-runner.ts';
import type { BulkRow } from '../src/bulk-job/bulk-rows.ts';
import type { Terminal } from './terminal.ts';

const LOG_EVERY_MS = 5_000;
const JSON_EVERY_MS = 1_000;

export interface Progress {
  stop(): void;
}

export interface ProgressSource {
  runner: StreamRunner<BulkRow>;
  /** Bytes of the input read so far, and in all. */
  bytesRead: () => number;
  bytesTotal: number;
}

export interface ProgressFigures {
  done: number;
  registered: number;
  failed: number;
  retries: number;
  inFlight: number;
  concurrency: number;
  rowsPerSecond: number;
  /** 0–1, by bytes read. */
  share: number;
  etaSeconds: number | null;
}

export function progressFigures(source: ProgressSource, started: number): ProgressFigures {
  const { counts, concurrency } = source.runner.snapshot();
  const seconds = (performance.now() - started) / 1000;
  const done = counts.succeeded + counts.failed;
  const share = source.bytesTotal > 0 ? Math.min(1, source.bytesRead() / source.bytesTotal) : 1;
  return {
    done,
    registered: counts.succeeded,
    failed: counts.failed,
    retries: counts.retries,
    inFlight: counts.inFlight,
    concurrency,
    rowsPerSecond: seconds > 0 ? Math.round(done / seconds) : 0,
    share,
    etaSeconds: share > 0.001 && seconds > 1 ? Math.round((seconds / share) * (1 - share)) : null,
  };
}

export function showProgress(
  source: ProgressSource,
  terminal: Terminal,
  mode: 'auto' | 'json',
): Progress {
  const started = performance.now();
  if (mode === 'json') {
    const timer = setInterval(
      () => terminal.err(JSON.stringify({ progress: progressFigures(source, started) })),
      JSON_EVERY_MS,
    );
    timer.unref();
    return {
      stop() {
        clearInterval(timer);
        terminal.err(JSON.stringify({ progress: progressFigures(source, started) }));
      },
    };
  }
  if (terminal.stderr.isTTY) {
    const c = terminal.errColor;
    const bar = new cliProgress.SingleBar(
      {
        stream: terminal.stderr as NodeJS.WritableStream,
        format: `{bar} {percentage}% | {done} rows | ${c.green('{registered} registered')} | ${c.red('{failed} failed')} | {retries} retries | {rowsPerSecond} rows/s | ×{concurrency} | ETA {eta}`,
        hideCursor: true,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    const payload = () => {
      const f = progressFigures(source, started);
      return { ...f, eta: f.etaSeconds === null ? '…' : `${f.etaSeconds}s` };
    };
    bar.start(1000, 0, payload());
    const timer = setInterval(() => {
      const p = payload();
      bar.update(Math.round(p.share * 1000), p);
    }, 200);
    timer.unref();
    return {
      stop() {
        clearInterval(timer);
        const p = payload();
        bar.update(Math.round(p.share * 1000), p);
        bar.stop();
      },
    };
  }
  const timer = setInterval(() => {
    const f = progressFigures(source, started);
    terminal.err(
      `${f.done} rows, ${f.registered} registered, ${f.failed} failed, ${f.retries} retries, ${f.rowsPerSecond} rows/s, ${Math.round(f.share * 100)} % of the file${f.etaSeconds === null ? '' : `, ETA ${f.etaSeconds} s`}`,
    );
  }, LOG_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
