/**
 * The command line at scale (npm run bench -- bulk-cli): `inode-console bulk` (the built bin)
 * against a standalone emulator whose database is on tmpfs (so the bench can count every stored
 * registration afterwards), with
 *   - throughput beside the raw protocol client in Node at the same concurrency, in the same run
 *     (the raw client before and after, averaged), and the CPU time each spends per row (a busy
 *     shared machine moves rows/s a lot, CPU per row much less);
 *   - resident memory of the CLI at 10k, 100k and all rows, and its peak;
 *   - kill -9 partway through a run, the journal's size and replay time, the resumed run, and the
 *     emulator's store checked for rows lost or registered twice;
 *   - 4 shards in parallel, merged with `bulk merge`, against the single run's counts.
 *   - the journal alone at BENCH_BULK_CLI_JOURNAL_ROWS (1,000,000) rows done, no calls: its size
 *     and the replay time after a "kill" (the process's files left as they are).
 * BENCH_BULK_CLI_ROWS (1,000,000), BENCH_BULK_CLI_CONCURRENCY (16), BENCH_BULK_CLI_RAW_ROWS
 * (100,000: rows of each raw-client measurement), BENCH_BULK_CLI_PARTS (all: or a list of
 * journal,run,resume,shards), BENCH_BULK_CLI_BEFORE (a bin built from an earlier commit, e.g.
 * `node cli/build.mjs cli/dist/before.mjs` there: the run part runs it too, between the two raw
 * measurements, for a before/after in one run).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { replayJournal } from '../cli/bulk/journal.ts';
import { reconcileResults } from '../cli/results-log.ts';
import { loadAverage } from './support/load-average.ts';
import { ROOT, startEmulator, stopAll } from './support/process.ts';
import { rawClientRate, rawClientRun } from './support/raw-client-rate.ts';
import { runCli, type CliRun } from './bulk/cli-run.ts';
import { journalAtScale } from './bulk/journal-at-scale.ts';

const ROWS = Number(process.env.BENCH_BULK_CLI_ROWS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_BULK_CLI_CONCURRENCY ?? 16);
const RAW_ROWS = Math.min(ROWS, Number(process.env.BENCH_BULK_CLI_RAW_ROWS ?? 100_000));
const PARTS = (process.env.BENCH_BULK_CLI_PARTS ?? 'journal,run,resume,shards').split(',');
/** Rows of the journal measurement (no calls, so a million costs seconds). */
const JOURNAL_ROWS = Number(process.env.BENCH_BULK_CLI_JOURNAL_ROWS ?? 1_000_000);
const BEFORE_BIN = process.env.BENCH_BULK_CLI_BEFORE;
const SHARDS = 4;
const KEY = 'demo-empty-key';
/** The raw client's warm-up before its first measured half. */
const WARM_ROWS = 20_000;
const work = mkdtempSync(join(tmpdir(), 'inode-bulk-cli-bench-'));
const shm = mkdtempSync(join('/dev/shm', 'inode-bulk-cli-bench-'));
const db = join(shm, 'emulator.db');

async function writeCsv(path: string, tag: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('ServiceURI,MediaType\n');
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    chunk += `https://bench.example/${tag}/${i}.png,image\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.write(chunk);
  await new Promise((resolve) => out.end(resolve));
}

/** Stored registrations under a tag: all, and distinct ServiceURIs. */
function stored(tag: string): { all: number; distinct: number } {
  const sqlite = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return sqlite
      .prepare(
        'SELECT COUNT(*) AS "all", COUNT(DISTINCT service_uri) AS "distinct" FROM asset_indexes WHERE service_uri LIKE ?',
      )
      .get(`https://bench.example/${tag}/%`) as { all: number; distinct: number };
  } finally {
    sqlite.close();
  }
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en')}`;
const rate = (run: CliRun) => Number(run.summary?.rowsPerSecond ?? 0);
const checkpoints = [10_000, 100_000, ROWS].filter(
  (n, i, all) => n <= ROWS && all.indexOf(n) === i,
);

try {
  if (PARTS.includes('journal')) {
    const j = journalAtScale(JOURNAL_ROWS);
    console.log(
      `journal at ${fmt(j.rows)} rows done (no calls; the last 16 left in flight): ${fmt(j.journalBytes)} bytes beside a ${(j.resultsBytes / 1e6).toFixed(0)} MB results file; replay + reconciliation ${j.replayMs.toFixed(0)} ms; ${fmt(j.doneAfterReplay)} rows done, ${j.inDoubt} in doubt\n`,
    );
  }
  if (!PARTS.some((part) => part !== 'journal')) process.exit(0);
  execFileSync(process.execPath, [join(ROOT, 'cli/build.mjs')], { stdio: 'inherit' });
  const target = (await startEmulator({ db })).origin;
  console.log(
    `${fmt(ROWS)} rows, SOAP 1.1, concurrency ${CONCURRENCY}, standalone emulator (SQLite on tmpfs); load ${loadAverage().toFixed(2)}`,
  );
  // 20,000 rows: after 2,000, the raw client's next 20,000 still ran 20-25 % slower than the
  // 20,000 after them (two runs, one process), which put its first measured half low.
  await rawClientRate(target, 'warm', WARM_ROWS, CONCURRENCY, KEY);

  if (PARTS.includes('run')) {
    const file = join(work, 'run.csv');
    await writeCsv(file, 'run', ROWS);
    const before = await rawClientRun(target, 'raw-1', RAW_ROWS, CONCURRENCY, KEY);
    const run = await runCli({
      file,
      target,
      key: KEY,
      concurrency: CONCURRENCY,
      results: join(work, 'run-results.csv'),
      rssAt: checkpoints,
    });
    let earlier: CliRun | null = null;
    if (BEFORE_BIN) {
      const beforeFile = join(work, 'before.csv');
      await writeCsv(beforeFile, 'before', ROWS);
      earlier = await runCli({
        file: beforeFile,
        target,
        key: KEY,
        concurrency: CONCURRENCY,
        results: join(work, 'before-results.csv'),
        bin: BEFORE_BIN,
      });
      if (earlier.code !== 0) throw new Error(`the earlier bin ended with ${earlier.code}`);
    }
    const after = await rawClientRun(target, 'raw-2', RAW_ROWS, CONCURRENCY, KEY);
    const [rawBefore, rawAfter] = [before.rowsPerSecond, after.rowsPerSecond];
    const rawCpu = (before.cpuUsPerRow + after.cpuUsPerRow) / 2;
    if (run.code !== 0) throw new Error(`the CLI run ended with ${run.code}: ${run.stderr}`);
    const raw = (rawBefore + rawAfter) / 2;
    console.log(`\n  throughput (rows/s)                         ${'rows/s'.padStart(8)}  of raw`);
    console.log(
      `  raw client in Node, ${CONCURRENCY} loops (before/after)  ${fmt(raw).padStart(8)}  100%  (${fmt(rawBefore)} / ${fmt(rawAfter)}, ${fmt(RAW_ROWS)} rows each)`,
    );
    console.log(
      `  inode-console bulk, --concurrency ${CONCURRENCY}        ${fmt(rate(run)).padStart(8)}  ${((rate(run) / raw) * 100).toFixed(0)}%  (${fmt(ROWS)} rows in ${Number(run.summary?.seconds).toFixed(0)} s; ${run.wallSeconds.toFixed(0)} s with start-up)`,
    );
    if (earlier)
      console.log(
        `  the earlier bin (${BEFORE_BIN}), run next  ${fmt(rate(earlier)).padStart(8)}  ${((rate(earlier) / raw) * 100).toFixed(0)}%  (CPU ${fmt(earlier.cpuUsPerRow ?? 0)} µs a row, peak ${earlier.peakMb.toFixed(0)} MB)`,
      );
    if (run.cpuUsPerRow !== null)
      console.log(
        `  CPU per row (all threads): raw client ${fmt(rawCpu)} µs (${fmt(before.cpuUsPerRow)} / ${fmt(after.cpuUsPerRow)}), the CLI ${fmt(run.cpuUsPerRow)} µs (start-up left out): ${((rawCpu / run.cpuUsPerRow) * 100).toFixed(0)} %`,
      );
    console.log(
      `  resident memory of the CLI: ${run.rss.map(([rows, mb]) => `${fmt(rows)} rows ${mb.toFixed(0)} MB`).join(', ')}; peak ${run.peakMb.toFixed(0)} MB`,
    );
    const counts = stored('run');
    console.log(`  stored: ${fmt(counts.all)} registrations, ${fmt(counts.distinct)} distinct`);
    (globalThis as { singleRun?: CliRun }).singleRun = run;
  }

  if (PARTS.includes('resume')) {
    const file = join(work, 'resume.csv');
    const results = join(work, 'resume-results.csv');
    await writeCsv(file, 'resume', ROWS);
    const killAt = Math.round(ROWS * 0.6);
    const first = await runCli({
      file,
      target,
      key: KEY,
      concurrency: CONCURRENCY,
      results,
      killAt,
    });
    if (!first.killed) throw new Error(`the run was not killed: ${first.code} ${first.stderr}`);
    const journalBytes = statSync(`${results}.journal`).size;
    const replayStarted = performance.now();
    const replay = replayJournal(`${results}.journal`);
    const found = reconcileResults(results, replay.resultsOffset, replay.state);
    const replayMs = performance.now() - replayStarted;
    const second = await runCli({
      file,
      target,
      key: KEY,
      concurrency: CONCURRENCY,
      results,
      extra: ['--resume', results],
    });
    if (second.code !== 0)
      throw new Error(`the resumed run ended with ${second.code}: ${second.stderr}`);
    const counts = stored('resume');
    console.log(
      `\n  kill -9 after ${fmt(killAt)} rows done: journal ${fmt(journalBytes)} bytes, replay + results reconciliation ${replayMs.toFixed(0)} ms (${fmt(replay.state.doneCount)} rows done, ${fmt(found)} found in the results tail, ${replay.inDoubt.filter((row) => !replay.state.isDone(row)).length} in doubt)`,
    );
    const asked =
      /^Asked the service .*$/m.exec(second.stderr)?.[0] ?? 'no question about rows in doubt';
    console.log(
      `  resumed run: ${fmt(Number(second.summary?.registered))} registered, ${fmt(Number(second.summary?.registeredEarlier))} done earlier, in ${Number(second.summary?.seconds).toFixed(0)} s; ${asked}`,
    );
    console.log(
      `  emulator store: ${fmt(counts.all)} registrations of ${fmt(ROWS)} rows, ${fmt(counts.distinct)} distinct: ${fmt(ROWS - counts.distinct)} lost, ${fmt(counts.all - counts.distinct)} registered twice`,
    );
  }

  if (PARTS.includes('shards')) {
    const file = join(work, 'shards.csv');
    await writeCsv(file, 'shards', ROWS);
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: SHARDS }, (_, k) =>
        runCli({
          file,
          target,
          key: KEY,
          concurrency: Math.max(1, Math.round(CONCURRENCY / SHARDS)),
          results: join(work, `shards-results-${k}of${SHARDS}.csv`),
          extra: [
            '--shard',
            `${k}/${SHARDS}`,
            '--results',
            join(work, `shards-results-${k}of${SHARDS}.csv`),
          ],
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const merged = JSON.parse(
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'cli/dist/inode-console.mjs'),
          'bulk',
          'merge',
          ...runs.map((_, k) => join(work, `shards-results-${k}of${SHARDS}.csv`)),
          '--output',
          'json',
        ],
        { encoding: 'utf8' },
      ),
    ) as { totals: Record<string, number>; incomplete: string[]; registeredTwice: number };
    const single = (globalThis as { singleRun?: CliRun }).singleRun?.summary;
    const counts = stored('shards');
    console.log(
      `\n  ${SHARDS} shards × ${fmt(ROWS / SHARDS)} rows in parallel (--concurrency ${Math.round(CONCURRENCY / SHARDS)} each): ${seconds.toFixed(0)} s, peak RSS ${runs.map((r) => r.peakMb.toFixed(0)).join('/')} MB`,
    );
    console.log(
      `  merged: ${fmt(merged.totals.rows ?? 0)} rows, ${fmt(merged.totals.registered ?? 0)} registered, ${fmt(merged.totals.failed ?? 0)} failed, ${fmt(merged.totals.skipped ?? 0)} skipped; incomplete shards ${merged.incomplete.length}, rows in two shards ${merged.registeredTwice}`,
    );
    if (single)
      console.log(
        `  single run: ${fmt(Number(single.rows))} rows, ${fmt(Number(single.registered))} registered, ${fmt(Number(single.failed))} failed — ${Number(single.registered) === merged.totals.registered && Number(single.failed) === merged.totals.failed && Number(single.rows) === merged.totals.rows ? 'equal' : 'DIFFERENT'}`,
      );
    console.log(
      `  emulator store: ${fmt(counts.all)} registrations, ${fmt(counts.distinct)} distinct`,
    );
  }
  console.log(`\nload ${loadAverage().toFixed(2)} at the end`);
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
  rmSync(shm, { recursive: true, force: true });
}
