/**
 * Progress of a bulk job on standard error: a cli-progress bar on a terminal; elsewhere (CI logs)
 * one line every few seconds.
 */
import cliProgress from 'cli-progress';
import type { BulkRunner } from '../src/bulk-job/bulk-runner.ts';
import type { Terminal } from './terminal.ts';

const LOG_EVERY_MS = 5_000;

export interface Progress {
  stop(): void;
}

export function showProgress(runner: BulkRunner, toSend: number, terminal: Terminal): Progress {
  const started = performance.now();
  const done = () => {
    const { counts } = runner.snapshot();
    return counts.succeeded + counts.failed;
  };
  const figures = () => {
    const { counts } = runner.snapshot();
    const seconds = (performance.now() - started) / 1000;
    return {
      registered: counts.succeeded,
      failed: counts.failed,
      rate: seconds > 0 ? Math.round((done() - baseline) / seconds) : 0,
    };
  };
  // Rows registered by an earlier run are done before this one starts.
  const baseline = done();
  if (terminal.stderr.isTTY) {
    const c = terminal.errColor;
    const bar = new cliProgress.SingleBar(
      {
        stream: terminal.stderr as NodeJS.WritableStream,
        format: `{bar} {percentage}% | {value}/{total} rows | ${c.green('{registered} registered')} | ${c.red('{failed} failed')} | {rate} rows/s | ETA {eta_formatted}`,
        hideCursor: true,
        fps: 10,
        etaBuffer: 200,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(toSend, done(), figures());
    const unsubscribe = runner.subscribe(() => bar.update(done(), figures()));
    return {
      stop() {
        unsubscribe();
        bar.update(done(), figures());
        bar.stop();
      },
    };
  }
  const timer = setInterval(() => {
    const f = figures();
    terminal.err(
      `${done()}/${toSend} rows, ${f.registered} registered, ${f.failed} failed, ${f.rate} rows/s`,
    );
  }, LOG_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
