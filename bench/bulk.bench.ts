/**
 * Bulk benchmark (npm run bench -- bulk): rows/s of a bulk registration job
 *   - in the browser (Chromium, production build served by `vite preview`, the Bulk register
 *     page driven like a user: file chosen, key typed, Run pressed, until "Finished"), and
 *   - with the `inode-console bulk` command (the built bin, as a child process),
 * each printed beside the raw protocol client in Node (createInodeClient, a plain pool of
 * `concurrency` loops, no job engine) against the same target in the same run, and the ratios.
 *
 * The target is a standalone emulator (its own process, in-memory database). The browser can
 * only reach it through the console server, so two set-ups are measured:
 *   - proxy: `vite preview` with INODE_TARGET = that emulator (the path a real service takes);
 *     the raw client is also run through the same proxy, so the proxy's own cost is visible;
 *   - embedded: `vite preview` with its in-process emulator; the raw client calls the same URL.
 * Then a large job (BENCH_BULK_BIG_ROWS, default 100,000) runs in the browser for responsiveness:
 * the longest main-thread task (PerformanceObserver longtask) and the JS heap before and after.
 *
 * BENCH_BULK_ROWS (10,000), BENCH_BULK_CONCURRENCY (6: Chromium's connections per origin),
 * BENCH_BULK_BIG_ROWS (100,000; 0 skips), BENCH_PORT (5193).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { createInodeClient } from '../src/protocol/index.ts';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const BIG_ROWS = Number(process.env.BENCH_BULK_BIG_ROWS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_BULK_CONCURRENCY ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 5193);
const KEY = 'demo-empty-key';
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
const children: ChildProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'inode-bulk-bench-'));

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.on('exit', (code) => reject(new Error(`child exited (${code}): ${output}`)));
  });
}

async function startTargetEmulator(): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--db', ':memory:'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return waitForLine(child, /listening on (http:\/\/\S+)\/Inode\.asmx/);
}

async function startPreview(outDir: string, port: number, env: Record<string, string>) {
  const where = ['--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'];
  const child = spawn(process.execPath, [VITE, 'preview', ...where], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return origin;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no preview server at ${origin}`);
}

function csv(rows: number, tag: string): string {
  const lines = ['ServiceURI,MediaType'];
  for (let i = 0; i < rows; i++) lines.push(`https://bench.example/${tag}/${i}.png,image`);
  return `${lines.join('\n')}\n`;
}

/** The baseline: the protocol client alone, `CONCURRENCY` loops over the rows. */
async function rawClientRate(baseUrl: string, tag: string, rows = ROWS): Promise<number> {
  const client = createInodeClient({ baseUrl, binding: 'soap11' });
  await client.namespace();
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < rows; i = next++) {
        const params = {
          OpenIDKey: KEY,
          ServiceURI: `https://bench.example/${tag}/${i}.png`,
          MediaType: 'image',
        };
        // A keep-alive socket the server closed while idle between two measurements fails once
        // ("other side closed"); the next attempt opens a new one.
        const { value } = await client
          .addUserAssetIndex(params)
          .catch(() => client.addUserAssetIndex(params));
        if (value.startsWith('ERROR')) failures += 1;
      }
    }),
  );
  if (failures) throw new Error(`${failures} raw calls failed`);
  return rows / ((performance.now() - started) / 1000);
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

interface BrowserRun {
  rate: number;
  longestTaskMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  registered: number;
}

/** The Bulk register page, driven like a user, timed from Run to "Finished". */
async function browserRate(
  browser: Browser,
  origin: string,
  rows: number,
  tag: string,
  recordInHistory: boolean,
): Promise<BrowserRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/bulk`);
  await page.getByLabel('Or choose a CSV file').setInputFiles({
    name: `${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(rows, tag)),
  });
  await page.getByTestId('bulk-row-summary').waitFor({ timeout: 120_000 });
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page.getByLabel('Concurrency').selectOption(String(CONCURRENCY));
  const history = page.getByLabel('Record each call in History (without the key)');
  if ((await history.isChecked()) !== recordInHistory) await history.click();
  // The longest main-thread task from Run to Finished (the page's code, not Node's).
  await page.evaluate(`
    globalThis.__longest = 0;
    globalThis.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        globalThis.__longest = Math.max(globalThis.__longest, entry.duration);
        globalThis.__tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }
    }).observe({ type: 'longtask' });
  `);
  const session = await context.newCDPSession(page);
  const heap = async () => {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize / 1e6;
  };
  const heapBeforeMb = await heap();
  const run = page.getByRole('button', { name: /^Run \d+ rows?$/ });
  const profile = process.env.BENCH_BULK_PROFILE;
  if (profile) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 500 });
    await session.send('Profiler.start');
  }
  const trace = process.env.BENCH_BULK_TRACE;
  if (trace) await browser.startTracing(page, { path: `${trace}-${tag}.json`, screenshots: false });
  const started = await page.evaluate(() => performance.now());
  await run.click();
  if (trace) {
    // The job's first seconds, where starting it happens (the whole job would be too big a trace).
    await page.waitForTimeout(4000);
    await browser.stopTracing();
  }
  await page.locator('[data-phase="finished"]').waitFor({ timeout: 30 * 60_000 });
  const finished = await page.evaluate(() => performance.now());
  if (profile) {
    // The page's main thread from Run to Finished, for chrome://inspect or speedscope.
    const { profile: cpu } = (await session.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(`${profile}-${tag}.cpuprofile`, JSON.stringify(cpu));
  }
  const counts = (await page.getByTestId('bulk-counts').textContent()) ?? '';
  const registered = Number(/Registered (\d+)/.exec(counts)?.[1] ?? 0);
  if (registered !== rows)
    throw new Error(`the page registered ${registered} of ${rows}: ${counts}`);
  const longestTaskMs = Number(await page.evaluate('globalThis.__longest'));
  if (process.env.BENCH_BULK_TASKS) {
    // When the long tasks happened, in ms after Run (and how long the job took).
    const tasks = (await page.evaluate('globalThis.__tasks')) as Array<[number, number]>;
    const top = tasks.sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  [${tag}] job ${Math.round(finished - started)} ms; longest tasks (start after Run, ms): ${top.map(([at, ms]) => `${ms} at ${Math.round(at - started)}`).join(', ')}`,
    );
  }
  const heapAfterMb = await heap();
  await context.close();
  return {
    rate: rows / ((finished - started) / 1000),
    longestTaskMs,
    heapBeforeMb,
    heapAfterMb,
    registered,
  };
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en')} rows/s`;
const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;

try {
  execFileSync(process.execPath, [join(ROOT, 'cli/build.mjs')], { stdio: 'inherit' });
  const outDir = join(work, 'dist');
  execFileSync(
    process.execPath,
    [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const target = await startTargetEmulator();
  const proxied = await startPreview(outDir, PORT, { INODE_TARGET: target, INODE_EMULATOR: 'off' });
  const embedded = await startPreview(outDir, PORT + 1, { INODE_EMULATOR_DB: ':memory:' });
  const executablePath = await findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });

  console.log(
    `${ROWS.toLocaleString('en')} rows, SOAP 1.1, concurrency ${CONCURRENCY}, emulator in memory`,
  );
  // Warm-up: JIT, connections, the emulator's statements.
  await rawClientRate(target, 'warm', 500);

  if (ROWS === 0) {
    // BENCH_BULK_ROWS=0: only the large browser job below.
  } else {
    const rawDirect = await rawClientRate(target, 'raw-direct');
    const cli = cliRate(target, 'cli');
    const rawDirect2 = await rawClientRate(target, 'raw-direct-2');
    const rawBase = (rawDirect + rawDirect2) / 2;
    console.log('\nCommand line (inode-console bulk) against the standalone emulator');
    console.log(
      `  raw protocol client in Node:   ${fmt(rawDirect)} / ${fmt(rawDirect2)} (before / after)`,
    );
    console.log(
      `  inode-console bulk:            ${fmt(cli.rate)} (${fmt(cli.wallRate)} including start-up)`,
    );
    console.log(`  CLI / raw client:              ${ratio(cli.rate, rawBase)}`);

    const rawViaProxy = await rawClientRate(proxied, 'raw-proxy');
    const pageProxied = await browserRate(browser, proxied, ROWS, 'page-proxy', false);
    const pageProxiedHistory = await browserRate(browser, proxied, ROWS, 'page-proxy-h', true);
    console.log("\nBrowser, through the console server's proxy to the standalone emulator");
    console.log(`  raw client in Node, direct:    ${fmt(rawBase)}`);
    console.log(
      `  raw client in Node, via proxy: ${fmt(rawViaProxy)} (${ratio(rawViaProxy, rawBase)} of direct)`,
    );
    console.log(
      `  Bulk register page:            ${fmt(pageProxied.rate)} without History, ${fmt(pageProxiedHistory.rate)} recording each call`,
    );
    console.log(
      `  page / raw direct:             ${ratio(pageProxied.rate, rawBase)} (History on: ${ratio(pageProxiedHistory.rate, rawBase)}); page / raw via proxy: ${ratio(pageProxied.rate, rawViaProxy)}`,
    );

    const rawEmbedded = await rawClientRate(embedded, 'raw-embedded');
    const pageEmbedded = await browserRate(browser, embedded, ROWS, 'page-embedded', false);
    console.log(
      '\nBrowser, embedded emulator (in the preview server); raw client calls the same URL',
    );
    console.log(`  raw protocol client in Node:   ${fmt(rawEmbedded)}`);
    console.log(`  Bulk register page:            ${fmt(pageEmbedded.rate)}`);
    console.log(`  page / raw client:             ${ratio(pageEmbedded.rate, rawEmbedded)}`);
    console.log(
      `  longest main-thread task ${pageEmbedded.longestTaskMs.toFixed(0)} ms; JS heap ${pageEmbedded.heapBeforeMb.toFixed(1)} → ${pageEmbedded.heapAfterMb.toFixed(1)} MB`,
    );
  }
  if (BIG_ROWS > 0) {
    const big = await browserRate(browser, embedded, BIG_ROWS, 'page-big', false);
    console.log(
      `\n${BIG_ROWS.toLocaleString('en')}-row job in the browser (embedded emulator, History off)`,
    );
    console.log(
      `  ${fmt(big.rate)}; longest main-thread task ${big.longestTaskMs.toFixed(0)} ms (target ≤ 100 ms)`,
    );
    console.log(
      `  JS heap after loading the rows ${big.heapBeforeMb.toFixed(1)} MB → after the job ${big.heapAfterMb.toFixed(1)} MB`,
    );
  }
  await browser.close();
} finally {
  for (const child of children) child.kill();
  rmSync(work, { recursive: true, force: true });
}
