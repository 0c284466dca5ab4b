/**
 * Bulk register page, a file sent as it is read (npm run bench -- bulk-page): the production
 * build served by the production server (`npm run build && npm start`), Chromium driven over its
 * DevTools pipe (bench/support/bare-chromium.ts, no Playwright: see docs/performance.md), the
 * page used like a user (key typed, History off, "Calls at a time" set, the file chosen in "Or
 * send a CSV file of any size", "Send the file" pressed, until "Finished"), against a standalone
 * emulator reached through the server's /Inode.asmx proxy and the page's WebSocket relay.
 *
 * Side by side in one run, at concurrency 6 and then 16: the raw protocol client in Node (plain
 * loops, no job engine) straight to the emulator, the same client through the console server's
 * /Inode.asmx proxy (the hop the page's calls take too), then the page. Per run, the CPU time each
 * process spent per row (bench/support/process-cpu.ts): on a 2-core machine the page's rows/s is
 * bounded by the CPU of every process its calls cross. For each page run: rows/s and
 * its share of the raw client's, the page's JS heap (main thread, sampled every 2 s without
 * forcing a collection: the peak; then after a forced collection), and the longest main-thread
 * task from "Send" to "Finished" (PerformanceObserver longtask). The file reader's worker has its
 * own heap, not counted in the page's.
 *
 * BENCH_BULK_PAGE_ROWS (default 20,000) rows per run; BENCH_BULK_PAGE_BIG (default 0: none)
 * rows of one more page run at concurrency 16, for the heap, tasks and rate at scale, beside
 * the raw client before and after it (100,000 rows each; 1,000,000 takes 10–20 minutes on a
 * 2-core machine). BENCH_BULK_PAGE_PROFILE (a file prefix): a CPU profile of
 * the page's main thread per run.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBareChromium, type BareChromium } from './support/bare-chromium.ts';
import { CHROMIUM_ARGS, requireChromium } from './support/chromium.ts';
import { startCpuProfile } from './support/cpu-profiler.ts';
import { loadAverage } from './support/load-average.ts';
import { PAGE_HELPERS } from './support/page-helpers.ts';
import { cpuPerRow, readCpu } from './support/process-cpu.ts';
import { startEmulator, stopAll } from './support/process.ts';
import { buildProduction, startProductionServer } from './support/production.ts';
import { rawClientRate } from './support/raw-client-rate.ts';

const ROWS = Number(process.env.BENCH_BULK_PAGE_ROWS ?? 20_000);
const BIG = Number(process.env.BENCH_BULK_PAGE_BIG ?? 0);
/** Rows of each raw-client run beside the long page run. */
const BIG_RAW_ROWS = 100_000;
const PROFILE = process.env.BENCH_BULK_PAGE_PROFILE;
const KEY = 'demo-empty-key';
const work = mkdtempSync(join(tmpdir(), 'inode-bulk-page-bench-'));

/** A CSV of `rows` rows, written in pieces (a million rows is about 50 MB). */
async function csvFile(rows: number, tag: string): Promise<string> {
  const path = join(work, `${tag}.csv`);
  const out = createWriteStream(path);
  out.write('ServiceURI,MediaType\n');
  const step = 10_000;
  for (let from = 0; from < rows; from += step) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(rows, from + step); i++) {
      lines.push(`https://bench.example/${tag}/${i}.png,image\n`);
    }
    if (!out.write(lines.join(''))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

interface PageRun {
  rate: number;
  longestTaskMs: number;
  tasksOver50: number;
  heapPeakMb: number;
  heapAfterMb: number;
  seconds: number;
  /** The longest tasks and when they began after Send. */
  top: string[];
  /** CPU milliseconds per row by process, from Send to Finished. */
  cpu: ReturnType<typeof cpuPerRow>;
}

async function pageRun(
  chrome: BareChromium,
  origin: string,
  rows: number,
  concurrency: number,
  tag: string,
): Promise<PageRun> {
  const file = await csvFile(rows, tag);
  const page = await chrome.open(`${origin}/bulk`);
  await page.evaluate(PAGE_HELPERS);
  await page.evaluate(
    `__bench.until(() => document.querySelector('[data-testid="stream-file-input"]'), 30000)`,
  );
  await page.evaluate(`(() => {
    __bench.set('OpenIDKey', ${JSON.stringify(KEY)});
    const history = __bench.field('Record each call in History (without the key)');
    if (history.checked) history.click();
    __bench.set('Calls at a time', '${concurrency}');
  })()`);
  await page.setInputFiles('[data-testid="stream-file-input"]', [file]);
  await page.evaluate(
    `__bench.until(() => __bench.button('Send the file') && !__bench.button('Send the file').disabled, 30000)`,
  );
  // The page's main thread from Send to Finished (read with bench/support/long-task-profile.ts).
  const stopProfile = PROFILE && !tag.startsWith('warm') ? await startCpuProfile(page.send) : null;
  let heapPeak = 0;
  let running = true;
  const sampling = (async () => {
    for (let sample = 1; running; sample++) {
      const { usedSize } = (await page.send('Runtime.getHeapUsage')) as { usedSize: number };
      heapPeak = Math.max(heapPeak, usedSize);
      // A long run says how far it got once a minute: rows done, heap now and at its peak.
      if (rows >= 100_000 && sample % 30 === 0) {
        const done = await page.evaluate<string>(
          `/Done ([\\d,]+)/.exec(document.querySelector('[data-testid="stream-counts"]')?.textContent ?? '')?.[1] ?? '0'`,
        );
        console.log(
          `    ${tag}: ${done} rows done, heap ${(usedSize / 1e6).toFixed(1)} MB (peak ${(heapPeak / 1e6).toFixed(1)} MB)`,
        );
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
  })();
  const cpuBefore = readCpu();
  const { ms, counts } = await page.evaluate<{ ms: number; counts: string }>(`(async () => {
    const started = performance.now();
    __bench.startedAt = started;
    __bench.button('Send the file').click();
    await __bench.until(() => document.querySelector('[data-testid="stream-phase"][data-phase="finished"]'), 4 * 3600000);
    return { ms: performance.now() - started, counts: document.querySelector('[data-testid="stream-counts"]').textContent };
  })()`);
  // Read before the page closes: a closed page's renderer leaves with its CPU time.
  const cpu = cpuPerRow(cpuBefore, readCpu(), rows);
  running = false;
  await sampling;
  if (stopProfile) await stopProfile(`${PROFILE}-${tag}.cpuprofile`);
  const registered = Number((/Registered ([\d,]+)/.exec(counts)?.[1] ?? '0').replaceAll(',', ''));
  if (registered !== rows)
    throw new Error(`the page registered ${registered} of ${rows}: ${counts}`);
  const timed = await page.evaluate<Array<[number, number]>>(
    '__bench.tasks.filter(([at, ms]) => at + ms > __bench.startedAt).map(([at, ms]) => [at - __bench.startedAt, ms])',
  );
  const tasks = timed.map(([, task]) => task);
  await page.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await page.send('Runtime.getHeapUsage')) as { usedSize: number };
  await page.close();
  rmSync(file, { force: true });
  return {
    rate: rows / (ms / 1000),
    longestTaskMs: Math.max(0, ...tasks),
    tasksOver50: tasks.filter((t) => t > 50).length,
    heapPeakMb: heapPeak / 1e6,
    heapAfterMb: usedSize / 1e6,
    seconds: ms / 1000,
    cpu,
    top: timed
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([at, task]) => `${task.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s`),
  };
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en')} rows/s`;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
const cpuWords = (cpu: ReadonlyArray<readonly [string, number]>) => {
  const total = cpu.reduce((sum, [, ms]) => sum + ms, 0);
  const parts = cpu.map(([role, ms]) => `${role} ${Math.round(ms * 1000)} µs`);
  return `${Math.round(total * 1000)} µs in all (${parts.join(', ')})`;
};
const describe = (run: PageRun) =>
  `heap peak ${run.heapPeakMb.toFixed(1)} MB, ${run.heapAfterMb.toFixed(1)} MB after GC; longest task ${run.longestTaskMs.toFixed(0)} ms (${run.tasksOver50} over 50 ms${run.top.length ? `: ${run.top.join(', ')}` : ''}); ${run.seconds.toFixed(0)} s`;

try {
  // Readable function names in a profile.
  const build = buildProduction(PROFILE ? 'bulk-page-profile' : 'bulk-page', { minify: !PROFILE });
  const target = (await startEmulator()).origin;
  const server = (
    await startProductionServer(build, { INODE_TARGET: target, INODE_EMULATOR: 'off' })
  ).origin;
  const chrome = await launchBareChromium(await requireChromium(), CHROMIUM_ARGS);
  const loadAtStart = loadAverage().toFixed(2);
  console.log(
    `${ROWS.toLocaleString('en')} rows per run, SOAP 1.1, standalone emulator (in memory), production server; load ${loadAtStart}`,
  );
  await rawClientRate(target, 'warm', 500, 6, KEY);
  // A short page run first: the page's code, the relay and the emulator's statements warmed.
  await pageRun(chrome, server, 1_000, 6, 'warm-page');
  await rawClientRate(server, 'warm-proxy', 500, 6, KEY);
  for (const concurrency of [6, 16]) {
    const cpuOf = async <T>(rows: number, run: () => Promise<T>) => {
      const before = readCpu();
      const value = await run();
      return { value, cpu: cpuPerRow(before, readCpu(), rows) };
    };
    const raw = await cpuOf(ROWS, () =>
      rawClientRate(target, `raw-${concurrency}`, ROWS, concurrency, KEY),
    );
    const proxied = await cpuOf(ROWS, () =>
      rawClientRate(server, `proxied-${concurrency}`, ROWS, concurrency, KEY),
    );
    const pageResult = await pageRun(chrome, server, ROWS, concurrency, `page-${concurrency}`);
    const page = { value: pageResult, cpu: pageResult.cpu };
    console.log(`\n  concurrency ${concurrency}`);
    console.log(`    raw client in Node → emulator   ${fmt(raw.value).padStart(13)}`);
    console.log(
      `    raw client → console server     ${fmt(proxied.value).padStart(13)}  ${pct(proxied.value, raw.value)} of raw`,
    );
    console.log(
      `    page, streamed file (relay)     ${fmt(page.value.rate).padStart(13)}  ${pct(page.value.rate, raw.value)} of raw (target ≥ ${concurrency === 6 ? 70 : 90} %), ${pct(page.value.rate, proxied.value)} of the raw client through the console server`,
    );
    console.log(`    ${describe(page.value)}`);
    for (const [name, run] of [
      ['raw client → emulator', raw],
      ['raw client → console server', proxied],
      ['page', page],
    ] as const) {
      console.log(`    CPU per row, ${name}: ${cpuWords(run.cpu)}`);
    }
  }
  if (BIG > 0) {
    const before = await rawClientRate(target, 'raw-before-big', BIG_RAW_ROWS, 16, KEY);
    const big = await pageRun(chrome, server, BIG, 16, 'page-big');
    // The emulator slows as its store grows (12–29 % after a million rows, in memory the most):
    // the raw client runs before and after the page, and the page is compared with their mean.
    const after = await rawClientRate(target, 'raw-after-big', BIG_RAW_ROWS, 16, KEY);
    const raw = (before + after) / 2;
    console.log(
      `\n  ${BIG.toLocaleString('en')} rows in the page at concurrency 16: ${fmt(big.rate)}, ${pct(big.rate, raw)} of the raw client's ${fmt(raw)} (${fmt(before)} before, ${fmt(after)} after, ${BIG_RAW_ROWS.toLocaleString('en')} rows each; target ≥ 90 %)`,
    );
    console.log(`    ${describe(big)} (targets: heap < 200 MB, no task > 50 ms)`);
  }
  console.log(`\nload ${loadAtStart} at the start, ${loadAverage().toFixed(2)} at the end`);
  await chrome.close();
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
