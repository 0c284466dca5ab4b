/**
 * Bulk benchmark (npm run bench -- bulk): rows/s of a bulk registration job
 *   - in the browser (Chromium, the production build served by the production server exactly as
 *     `npm run build && npm start` make it, the Bulk register page driven like a user: file
 *     chosen, key typed, Run pressed, until "Finished"), and
 *   - with the `inode-console bulk` command (the built bin, as a child process),
 * each printed beside the raw protocol client in Node (createInodeClient, a plain pool of
 * `concurrency` loops, no job engine) called directly on the same emulator in the same run, and
 * the ratios.
 *
 * The target is a standalone emulator (its own process, in-memory database); the browser reaches
 * it through the production server's /Inode.asmx proxy (INODE_TARGET). Also measured in the same
 * run, as references: the raw client through that proxy (the proxy's own cost), and a bare
 * `fetch()` loop on the page (the same SOAP request, `concurrency` loops, no console code: the
 * browser's own floor). Then a large job (BENCH_BULK_BIG_ROWS, default 100,000) runs in the
 * browser for responsiveness: the longest main-thread task (PerformanceObserver longtask) and the
 * JS heap before and after.
 *
 * The page job runs twice: over the console server's WebSocket relay (the page's default when
 * the server offers it) and over plain fetch (the page's fallback, forced by hiding WebSocket
 * from the page before Run); the bench checks which transport the page said it used. Then the
 * relay job and the raw client run again at BENCH_BULK_WIDE (16, the page's ceiling; 0 skips):
 * over one WebSocket, Chromium's six connections per origin no longer bound the page.
 *
 * BENCH_BULK_ROWS (10,000), BENCH_BULK_CONCURRENCY (6: Chromium's connections per origin),
 * BENCH_BULK_BIG_ROWS (100,000; 0 skips), BENCH_BULK_HISTORY (1: also a page run recording each
 * call in History), BENCH_BULK_TASKS (1: the five longest tasks and when they happened),
 * BENCH_BULK_PROFILE (file prefix: a CPU profile of the page's main thread from Run to Finished),
 * BENCH_BULK_THREADS (1, or a file prefix to keep the traces: busy time per Chromium thread
 * during the fetch loop and the job, from a `toplevel` trace; BENCH_BULK_TRACE_CATEGORIES adds
 * categories, e.g. devtools.timeline).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInodeClient, encodeRequest } from '../src/protocol/index.ts';
import { rawClientRate as rawRate } from './support/raw-client-rate.ts';
import { RELAY_PATH } from '../src/relay/relay-frame.ts';
import { launchBareChromium, type BareChromium } from './support/bare-chromium.ts';
import { CHROMIUM_ARGS, requireChromium } from './support/chromium.ts';
import { startCpuProfile } from './support/cpu-profiler.ts';
import { loadAverage } from './support/load-average.ts';
import { ROOT, startEmulator, stopAll } from './support/process.ts';
import { cpuPerRow, readCpu, type CpuReading } from './support/process-cpu.ts';
import { PAGE_HELPERS } from './support/page-helpers.ts';
import { buildProduction, startProductionServer } from './support/production.ts';
import { longTasks, threadBusy, traceEvents } from './support/trace-threads.ts';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const BIG_ROWS = Number(process.env.BENCH_BULK_BIG_ROWS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_BULK_CONCURRENCY ?? 6);
const WIDE = Number(process.env.BENCH_BULK_WIDE ?? 16);
const WITH_HISTORY = process.env.BENCH_BULK_HISTORY === '1';
const THREADS = process.env.BENCH_BULK_THREADS;
const TRACE_CATEGORIES = (process.env.BENCH_BULK_TRACE_CATEGORIES ?? '').split(',').filter(Boolean);
const KEY = 'demo-empty-key';
/** The CPU reading a browser measurement took just before closing its page. */
let cpuAtEnd: CpuReading | null = null;
const work = mkdtempSync(join(tmpdir(), 'inode-bulk-bench-'));

function csv(rows: number, tag: string): string {
  const lines = ['ServiceURI,MediaType'];
  for (let i = 0; i < rows; i++) lines.push(`https://bench.example/${tag}/${i}.png,image`);
  return `${lines.join('\n')}\n`;
}

/** The built bin: its own rows/s (from --output json) and wall time including start-up. */
function cliRate(target: string, tag: string): { rate: number; wallRate: number } {
  const file = join(work, `${tag}.csv`);
  writeFileSync(file, csv(ROWS, tag));
  const started = performance.now();
  const out = execFileSync(
    process.execPath,
    [
      join(ROOT, 'cli/dist/inode-console.mjs'),
      'bulk',
      file,
      '--target',
      target,
      '--binding',
      'soap11',
      '--OpenIDKey-env',
      'BENCH_KEY',
      '--concurrency',
      String(CONCURRENCY),
      '--results',
      join(work, `${tag}-results.csv`),
      '--output',
      'json',
    ],
    {
      env: { ...process.env, BENCH_KEY: KEY },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const wall = (performance.now() - started) / 1000;
  const summary = JSON.parse(out) as { registered: number; seconds: number };
  if (summary.registered !== ROWS)
    throw new Error(`CLI registered ${summary.registered} of ${ROWS}`);
  return { rate: ROWS / summary.seconds, wallRate: ROWS / wall };
}

/**
 * Rows/s of `CONCURRENCY` bare loops on the page sending the job's SOAP request (the row number
 * in its ServiceURI), no console code. `setup` runs first in the page; `call(i, body)` sends one
 * row and resolves with `{ ok, text }`; `teardown` runs after the last row.
 */
async function pageLoopRate(
  chrome: BareChromium,
  origin: string,
  namespace: string,
  tag: string,
  loop: { setup: string; call: string; teardown: string },
) {
  const page = await chrome.open(`${origin}/bulk`);
  const request = encodeRequest(
    'soap11',
    'AddUserAssetIndex',
    { OpenIDKey: KEY, ServiceURI: `https://bench.example/${tag}/ROW.png`, MediaType: 'image' },
    { baseUrl: origin, namespace },
  );
  const seconds = await page.evaluate<number>(`(async () => {
    const request = ${JSON.stringify(request)};
    ${loop.setup}
    const call = ${loop.call};
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: ${CONCURRENCY} }, async () => {
      for (let i = next++; i < ${ROWS}; i = next++) {
        const { ok, text } = await call(i, request.body.replace('ROW', String(i)));
        if (!ok || text.includes('>ERROR')) throw new Error('row ' + i + ': ' + text);
      }
    }));
    ${loop.teardown}
    return (performance.now() - started) / 1000;
  })()`);
  cpuAtEnd = readCpu();
  await page.close();
  return ROWS / seconds;
}

/**
 * The browser's own floor: the same SOAP request as the job's, plain `fetch()` loops on the
 * page's main thread, no console code (not the protocol client, not a worker).
 */
function pageFetchRate(chrome: BareChromium, origin: string, namespace: string) {
  return pageLoopRate(chrome, origin, namespace, 'fetch-loop', {
    setup: '',
    call: `async (i, body) => {
      const answer = await fetch(request.url, { method: request.method, headers: request.headers, body });
      return { ok: answer.ok, text: await answer.text() };
    }`,
    teardown: '',
  });
}

/**
 * The same requests over one bare WebSocket to the console server's relay: the browser's own
 * floor for the relay, as the fetch loop is for plain fetch. Frames are built here as
 * relay-frame.ts builds them (4-byte head length, JSON head, body), one message each; answers
 * are read as frame-batch.ts batches them.
 */
function pageRelayLoopRate(chrome: BareChromium, origin: string, namespace: string) {
  return pageLoopRate(chrome, origin, namespace, 'relay-loop', {
    setup: `
    const url = new URL(request.url);
    const socket = new WebSocket(location.origin.replace('http', 'ws') + ${JSON.stringify(RELAY_PATH)});
    socket.binaryType = 'arraybuffer';
    await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const waiting = new Map();
    const answer = (frame) => {
      const length = new DataView(frame.buffer, frame.byteOffset).getUint32(0);
      const head = JSON.parse(decoder.decode(frame.subarray(4, 4 + length)));
      waiting.get(head.id)?.({ ok: head.status === 200, text: decoder.decode(frame.subarray(4 + length)) });
      waiting.delete(head.id);
    };
    // The server sends the answers of one turn as a batch (frame-batch.ts): a zero, then each
    // frame after its length.
    socket.onmessage = (event) => {
      const bytes = new Uint8Array(event.data);
      const view = new DataView(event.data);
      if (view.getUint32(0) !== 0) return answer(bytes);
      for (let at = 4; at < bytes.length; at += 4 + view.getUint32(at)) {
        answer(bytes.subarray(at + 4, at + 4 + view.getUint32(at)));
      }
    };`,
    call: `(i, body) => new Promise((resolve, reject) => {
      const id = i + 1;
      // A frame this loop cannot read leaves its call unanswered: fail, not wait for ever.
      const late = setTimeout(() => reject(new Error('no answer to relayed call ' + id + ' in 30 s')), 30000);
      waiting.set(id, (answer) => (clearTimeout(late), resolve(answer)));
      const json = encoder.encode(JSON.stringify({ id, method: request.method, url: url.pathname + url.search, headers: request.headers }));
      const payload = encoder.encode(body);
      const frame = new Uint8Array(4 + json.length + payload.length);
      new DataView(frame.buffer).setUint32(0, json.length);
      frame.set(json, 4);
      frame.set(payload, 4 + json.length);
      socket.send(frame);
    })`,
    teardown: 'socket.close();',
  });
}

interface BrowserRun {
  rate: number;
  /** From Run to Finished. */
  longestTaskMs: number;
  /** While the file was read and checked, before Run. */
  loadingTaskMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
}

type Transport = 'relay' | 'direct';

/** The Bulk register page, driven like a user, timed from Run to "Finished". */
async function browserRate(
  chrome: BareChromium,
  origin: string,
  rows: number,
  tag: string,
  recordInHistory: boolean,
  transport: Transport = 'relay',
  concurrency = CONCURRENCY,
): Promise<BrowserRun> {
  const file = join(work, `${tag}.csv`);
  writeFileSync(file, csv(rows, tag));
  const page = await chrome.open(`${origin}/bulk`);
  await page.evaluate(PAGE_HELPERS);
  await page.evaluate(`__bench.until(() => document.querySelector('input[type=file]'), 30000)`);
  await page.setInputFiles('input[type=file]', [file]);
  await page.evaluate(
    `__bench.until(() => document.querySelector('[data-testid="bulk-row-summary"]'), 120000)`,
  );
  await page.evaluate(`(() => {
    __bench.set('OpenIDKey', ${JSON.stringify(KEY)});
    __bench.set('Concurrency', '${concurrency}');
    // The page opens its relay at Run: without WebSocket it sends over plain fetch.
    if (${transport === 'direct'}) globalThis.WebSocket = undefined;
    const history = __bench.field('Record each call in History (without the key)');
    if (history.checked !== ${recordInHistory}) history.click();
  })()`);
  // Before the heap reading below: its forced garbage collection is a long task of its own.
  const loadingTaskMs = await page.evaluate<number>(
    'Math.max(0, ...__bench.tasks.map(([, ms]) => ms))',
  );
  const heap = async () => {
    await page.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await page.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize / 1e6;
  };
  const heapBeforeMb = await heap();
  const profile = process.env.BENCH_BULK_PROFILE;
  const stopProfile = profile ? await startCpuProfile(page.send) : null;
  // Run is pressed, and the job timed, inside the page: from the click to "Finished".
  const { ms, sending, counts, used } = await page.evaluate<{
    ms: number;
    sending: number;
    counts: string;
    used: string;
  }>(`(async () => {
    await __bench.until(() => [...document.querySelectorAll('button')].some((b) => /^Run \\d+ rows?$/.test(b.textContent) && !b.disabled), 60000);
    const run = [...document.querySelectorAll('button')].find((b) => /^Run \\d+ rows?$/.test(b.textContent));
    const started = performance.now();
    run.click();
    // The most calls seen in flight ("Sending n"), to show the job ran at the concurrency asked.
    let sending = 0;
    await __bench.until(() => {
      const counts = document.querySelector('[data-testid="bulk-counts"]')?.textContent ?? '';
      sending = Math.max(sending, Number(/Sending (\\d+)/.exec(counts)?.[1] ?? 0));
      return document.querySelector('[data-phase="finished"]');
    }, 30 * 60000);
    const ms = performance.now() - started;
    __bench.startedAt = started;
    const used = document.querySelector('[data-testid="bulk-transport"]')?.dataset.transport ?? 'none';
    return { ms, sending, used, counts: document.querySelector('[data-testid="bulk-counts"]').textContent };
  })()`);
  // The page's main thread from Run to Finished, for chrome://inspect or speedscope.
  if (stopProfile) await stopProfile(`${profile}-${tag}.cpuprofile`);
  const registered = Number(/Registered (\d+)/.exec(counts)?.[1] ?? 0);
  if (registered !== rows)
    throw new Error(`the page registered ${registered} of ${rows}: ${counts}`);
  if (sending !== concurrency)
    throw new Error(`the page had at most ${sending} calls in flight, not ${concurrency}`);
  if (used !== transport) throw new Error(`the page sent its rows ${used}, not ${transport}`);
  // Tasks that ended after Run was clicked (the click's own task included).
  const longestTaskMs = await page.evaluate<number>(
    'Math.max(0, ...__bench.tasks.filter(([at, ms]) => at + ms > __bench.startedAt).map(([, ms]) => ms))',
  );
  if (process.env.BENCH_BULK_TASKS) {
    // When the long tasks happened, in ms after Run (and how long the job took).
    const top = await page.evaluate<Array<[number, number]>>(
      '__bench.tasks.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([at, ms]) => [at - __bench.startedAt, ms])',
    );
    console.log(
      `  [${tag}] job ${Math.round(ms)} ms; longest tasks (start after Run, ms): ${top.map(([at, task]) => `${task} at ${Math.round(at)}`).join(', ')}`,
    );
  }
  const heapAfterMb = await heap();
  // Read before closing: a closed page's renderer exits, and its CPU time with it.
  cpuAtEnd = readCpu();
  await page.close();
  return { rate: rows / (ms / 1000), longestTaskMs, loadingTaskMs, heapBeforeMb, heapAfterMb };
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en')} rows/s`;
const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
const load = () => loadAverage().toFixed(2);
/** The baseline: the protocol client alone, `concurrency` loops over the rows. */
const rawClientRate = (baseUrl: string, tag: string, rows = ROWS, concurrency = CONCURRENCY) =>
  rawRate(baseUrl, tag, rows, concurrency, KEY);

try {
  execFileSync(process.execPath, [join(ROOT, 'cli/build.mjs')], { stdio: 'inherit' });
  const build = buildProduction('bulk');
  const target = (await startEmulator()).origin;
  const server = (
    await startProductionServer(build, { INODE_TARGET: target, INODE_EMULATOR: 'off' })
  ).origin;
  const executablePath = await requireChromium();
  const chrome = await launchBareChromium(executablePath, CHROMIUM_ARGS);

  const loadAtStart = load();
  console.log(
    `${ROWS.toLocaleString('en')} rows, SOAP 1.1, concurrency ${CONCURRENCY}, standalone emulator (in memory), production server proxy; load ${loadAtStart}`,
  );
  // Warm-up: JIT, connections, the emulator's statements, the proxy's upstream connections.
  await rawClientRate(target, 'warm', 500);
  await rawClientRate(server, 'warm-proxy', 500);

  if (ROWS > 0) {
    const cpu: Array<[string, ReturnType<typeof cpuPerRow>]> = [];
    const threads: Array<[string, Array<[string, number]>]> = [];
    const withCpu = async <T>(label: string, measure: () => Promise<T>): Promise<T> => {
      const traced = THREADS !== undefined && label.startsWith('page');
      // BENCH_BULK_THREADS=<file prefix> also keeps each trace, with any extra categories.
      const stopTracing = traced
        ? await chrome.startTracing(['toplevel', '__metadata', ...TRACE_CATEGORIES])
        : null;
      cpuAtEnd = null;
      const before = readCpu();
      const result = await measure();
      cpu.push([label, cpuPerRow(before, cpuAtEnd ?? readCpu(), ROWS)]);
      if (stopTracing) {
        const trace = await stopTracing();
        if (THREADS !== '1') writeFileSync(`${THREADS}-${label.replace(/\W+/g, '-')}.json`, trace);
        const events = traceEvents(trace);
        threads.push([label, threadBusy(events)]);
        for (const task of longTasks(events, 100)) {
          const held = task.held.map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join('; ');
          console.log(
            `  [${label}] ${task.ms.toFixed(0)} ms task at ${(task.atMs / 1000).toFixed(1)} s: ${held}`,
          );
        }
      }
      return result;
    };
    const rawDirect = await withCpu('raw client → emulator', () =>
      rawClientRate(target, 'raw-direct'),
    );
    const rawViaProxy = await withCpu('raw client → proxy', () =>
      rawClientRate(server, 'raw-proxy'),
    );
    const namespace = await createInodeClient({ baseUrl: target, binding: 'soap11' }).namespace();
    const fetchLoop = await withCpu('page: bare fetch loop', () =>
      pageFetchRate(chrome, server, namespace),
    );
    const relayLoop = await withCpu('page: bare relay loop', () =>
      pageRelayLoopRate(chrome, server, namespace),
    );
    const page = await withCpu('page: Bulk register job, relay', () =>
      browserRate(chrome, server, ROWS, 'page', false, 'relay'),
    );
    const pageDirect = await withCpu('page: Bulk register job, plain fetch', () =>
      browserRate(chrome, server, ROWS, 'page-direct', false, 'direct'),
    );
    const pageHistory = WITH_HISTORY
      ? await browserRate(chrome, server, ROWS, 'page-history', true)
      : null;
    const cli = cliRate(target, 'cli');
    const rawDirect2 = await rawClientRate(target, 'raw-direct-2');
    const rawBase = (rawDirect + rawDirect2) / 2;
    const wide =
      WIDE > 0
        ? {
            raw: await rawClientRate(target, 'raw-wide', ROWS, WIDE),
            page: await browserRate(chrome, server, ROWS, 'page-wide', false, 'relay', WIDE),
          }
        : null;
    const line = (label: string, rate: number, extra = '') =>
      console.log(
        `  ${label.padEnd(50)} ${fmt(rate).padStart(13)}  ${ratio(rate, rawBase).padStart(4)}${extra}`,
      );
    console.log(`\n  ${''.padEnd(50)} ${'rows/s'.padStart(13)}  of raw direct`);
    console.log(
      `  ${'raw client in Node → emulator (before/after)'.padEnd(50)} ${fmt(rawBase).padStart(13)}  100% (${fmt(rawDirect)} / ${fmt(rawDirect2)})`,
    );
    line('raw client in Node → production server proxy', rawViaProxy);
    line('bare fetch() loop on the page (reference)', fetchLoop);
    line('bare WebSocket relay loop on the page (reference)', relayLoop);
    line(
      'Bulk register page, relay (History off)',
      page.rate,
      `  (${ratio(page.rate, relayLoop)} of the relay loop)`,
    );
    line(
      'Bulk register page, plain fetch (History off)',
      pageDirect.rate,
      `  (${ratio(pageDirect.rate, fetchLoop)} of the fetch loop; relay ${ratio(page.rate, pageDirect.rate)} of it)`,
    );
    if (pageHistory) line('Bulk register page (History on)', pageHistory.rate);
    line('inode-console bulk → emulator', cli.rate, `  (${fmt(cli.wallRate)} with start-up)`);
    for (const [label, run] of [
      ['page, relay', page],
      ['page, plain fetch', pageDirect],
    ] as const) {
      console.log(
        `  ${label}: longest main-thread task during the job ${run.longestTaskMs.toFixed(0)} ms (loading the file: ${run.loadingTaskMs.toFixed(0)} ms); JS heap ${run.heapBeforeMb.toFixed(1)} → ${run.heapAfterMb.toFixed(1)} MB`,
      );
    }
    if (wide) {
      console.log(
        `\n  concurrency ${WIDE}: raw client → emulator ${fmt(wide.raw)}; Bulk register page, relay ${fmt(wide.page.rate)} (${ratio(wide.page.rate, wide.raw)} of raw at ${WIDE}, ${ratio(wide.page.rate, rawBase)} of raw at ${CONCURRENCY}); longest task ${wide.page.longestTaskMs.toFixed(0)} ms`,
      );
    }
    console.log('\n  CPU time per row by process (ms; includes page load and set-up):');
    for (const [label, roles] of cpu) {
      const parts = roles.map(([role, ms]) => `${role} ${ms.toFixed(2)}`);
      console.log(`  ${label}: ${parts.join(', ')}`);
    }
    for (const [label, busy] of threads) {
      const parts = busy.slice(0, 8).map(([thread, ms]) => `${thread} ${(ms / ROWS).toFixed(2)}`);
      console.log(`  ${label}, busy ms per row by thread (trace): ${parts.join(', ')}`);
    }
  }
  if (BIG_ROWS > 0) {
    const big = await browserRate(chrome, server, BIG_ROWS, 'page-big', false);
    console.log(
      `\n${BIG_ROWS.toLocaleString('en')}-row job in the browser (relay, History off; load ${load()})`,
    );
    console.log(
      `  ${fmt(big.rate)}; longest main-thread task during the job ${big.longestTaskMs.toFixed(0)} ms (target ≤ 100 ms; loading the file: ${big.loadingTaskMs.toFixed(0)} ms)`,
    );
    console.log(
      `  JS heap after loading the rows ${big.heapBeforeMb.toFixed(1)} MB → after the job ${big.heapAfterMb.toFixed(1)} MB`,
    );
  }
  console.log(`\nload ${loadAtStart} at the start, ${load()} at the end`);
  await chrome.close();
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
