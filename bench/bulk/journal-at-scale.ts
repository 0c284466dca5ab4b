/**
 * The journal at a million rows without a million calls: the CLI's own Journal and ResultsLog
 * driven directly (rows done slightly out of order, as concurrency leaves them), then left as a
 * kill -9 leaves them (no close), and replayed as `--resume` replays them.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal, JournalState, replayJournal } from '../../cli/bulk/journal.ts';
import { ResultsLog, reconcileResults } from '../../cli/results-log.ts';

export interface JournalFigures {
  rows: number;
  journalBytes: number;
  resultsBytes: number;
  replayMs: number;
  doneAfterReplay: number;
  inDoubt: number;
}

export function journalAtScale(rows: number, inFlight = 16): JournalFigures {
  const dir = mkdtempSync(join(tmpdir(), 'inode-journal-bench-'));
  try {
    const results = join(dir, 'results.csv');
    const log = new ResultsLog(results, (text) => text);
    const journal = new Journal(
      `${results}.journal`,
      { input: { size: 0, mtimeMs: 0 }, shard: '0/1' },
      new JournalState(),
      () => log.size,
    );
    const settle = (row: number) => {
      const item = {
        rowNumber: row,
        ServiceURI: `https://bench.example/journal/${row}.png`,
        MediaType: 'image',
        issues: [],
        duplicateOf: null,
      };
      log.write(item, {
        state: 'succeeded',
        value: `a1b2c3d4-0000-4000-8000-${String(row).padStart(12, '0')}`,
        error: null,
        attempts: 1,
        durationMs: 5,
      });
      journal.done(row);
    };
    // Rows start in order, `inFlight` at a time, and settle in a shuffled order within a window.
    for (let base = 1; base <= rows; base += inFlight) {
      const window: number[] = [];
      for (let row = base; row < base + inFlight && row <= rows; row++) {
        journal.started(row);
        window.push(row);
      }
      window.reverse();
      // The last window is left in flight: the process "dies" here.
      if (base + inFlight <= rows) for (const row of window) settle(row);
    }
    const journalBytes = statSync(`${results}.journal`).size;
    const resultsBytes = statSync(results).size;
    const started = performance.now();
    const replay = replayJournal(`${results}.journal`);
    reconcileResults(results, replay.resultsOffset, replay.state);
    const replayMs = performance.now() - started;
    return {
      rows,
      journalBytes,
      resultsBytes,
      replayMs,
      doneAfterReplay: replay.state.doneCount,
      inDoubt: replay.inDoubt.filter((row) => !replay.state.isDone(row)).length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
