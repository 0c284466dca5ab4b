// The DataStubs viewer in real Chromium, on the console's stubs page, against the emulator
// (`--seed-stubs`) through the production server (`npm start` on the built app, as deployed;
// VIEWER_BENCH_SERVER=dev measures on the Vite dev server instead: React in development mode).
// For each payload size it measures, in one run, with the scenarios of bench/viewer/:
// response received -> Pretty view painted, -> Table painted; the longest main-thread task
// (PerformanceObserver 'longtask'); scrolling the Pretty view to the end; table sort and filter;
// JS heap; opening the raw exchange panel (against one <pre> of the same text). Baseline in the same run: Chromium's native XML viewer opening the same document from
// the same server (HTTP GET binding URL), time to its load event.
//
//   npm run bench -- viewer            (all sizes)
//   VIEWER_BENCH_SIZES=1mb,10mb npm run bench -- viewer
//   VIEWER_BENCH_NATIVE=0 ...          (skip the native viewer baseline: up to 2 minutes a size)
//   VIEWER_BENCH_SERVER=dev ...        (the Vite dev server instead of the production build)
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../fixtures/free-port.ts';
import { launchBareChromium } from './support/bare-chromium.ts';
import { CHROMIUM_ARGS, requireChromium } from './support/chromium.ts';
import { loadAverage } from './support/load-average.ts';
import { startEmulator, startUntil, stop, stopAll } from './support/process.ts';
import { buildProduction, startProductionServer } from './support/production.ts';
import {
  CPU_SPLIT,
  NATIVE,
  PAGE,
  SERVER,
  sizes,
  type Results,
  type Size,
  type SizeRun,
} from './viewer/config.ts';
import { measurePrettyHeap } from './viewer/heap.ts';
import { measurePrettyLoads } from './viewer/load.ts';
import { measureNativeViewer } from './viewer/native.ts';
import { measureRawExchange } from './viewer/raw-exchange.ts';
import { callStubs, openPage, stubsUrl, tabNamed, waitInPage } from './viewer/page.ts';
import { report, summary } from './viewer/report.ts';
import { measureTable } from './viewer/table.ts';
import { measureIndexOnDemand } from './viewer/index-on-demand.ts';
import { measureCpuSplit } from './viewer/cpu-split.ts';

async function measureSize(size: Size, origin: string, executablePath: string) {
  const chromium = await launchBareChromium(executablePath, [
    ...CHROMIUM_ARGS,
    '--enable-precise-memory-info',
  ]);
  const results: Results = {};
  try {
    let crashed = false;
    const run: SizeRun = { chromium, origin, size, results, onCrash: () => (crashed = true) };

    // 1. Pretty view, then the heap with it and without the editor.
    const page = await measurePrettyLoads(run);
    await measurePrettyHeap(page, size, results);
    // After the heap figures, which the panel's text would otherwise count. The harness page
    // shows the viewer alone, without the raw exchange.
    if (PAGE === 'stubs') await measureRawExchange(page, origin, results);
    // Closed now, so that the table's heap figure counts only its own page and workers.
    await page.close();

    // 2. Table: the tab is chosen as soon as it exists, then sort and filter; over the index
    // limit, the index built when asked, then the same.
    if (size.table) await measureTable(run);
    else await measureIndexOnDemand(run);
    if (CPU_SPLIT) await measureCpuSplit(run);
    results.crashed = crashed ? 'yes' : 'no';

    // 3. Baseline: Chromium's own XML viewer on the same document from the same server.
    if (NATIVE) await measureNativeViewer(chromium, origin, results);
  } finally {
    await chromium.close();
  }
  return results;
}

async function warmUp(origin: string, executablePath: string): Promise<void> {
  const chromium = await launchBareChromium(executablePath, CHROMIUM_ARGS);
  try {
    const page = await openPage({ chromium, origin, onCrash: () => undefined });
    await callStubs(page, false);
    await waitInPage(page, `!!document.querySelector('.xv-lines .xv-line')`);
    for (const tab of ['Tree', 'Table', 'Raw']) {
      await waitInPage(page, `!!${tabNamed(tab)}`);
      await page.click(tabNamed(tab));
      await sleep(1500);
    }
  } finally {
    await chromium.close();
  }
}

/** The console on `port`: the production build (`npm start`), or the Vite dev server. */
async function startConsole(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  if (SERVER === 'dev') {
    const args = ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'];
    return (await startUntil('npx', args, { env, ready: /Local:/, name: 'vite' })).child;
  }
  // VIEWER_BENCH_UNMINIFIED=1: readable function names in CPU profiles (slightly slower code).
  const build = buildProduction('viewer', { minify: process.env.VIEWER_BENCH_UNMINIFIED !== '1' });
  return (await startProductionServer(build, env, port)).child;
}

async function main(): Promise<void> {
  const executablePath = await requireChromium();
  const emulatorPort = await freePort();
  const consolePort = await freePort();
  const origin = `http://127.0.0.1:${consolePort}`;
  const server = await startConsole(consolePort, {
    INODE_TARGET: `http://127.0.0.1:${emulatorPort}`,
    INODE_EMULATOR_DB: ':memory:',
  });
  console.log(
    `viewer bench: ${PAGE === 'stubs' ? "the console's Asset stubs page" : 'the viewer harness page (protocol client + viewer only)'} on ${origin} (${SERVER === 'dev' ? 'Vite dev server' : 'production server, built app'}), emulator on port ${emulatorPort}; Chromium ${executablePath}`,
  );
  let warm = false;
  const rows: Array<[Size, Results]> = [];
  try {
    for (const size of sizes) {
      const emulator = await startEmulator({ port: emulatorPort, seedStubs: size.stubs });
      try {
        // Warm the server and Vite's module graph so the first size is not charged for them.
        await fetch(stubsUrl(origin)).then((r) => r.arrayBuffer());
        if (!warm) {
          // One unmeasured load so Vite's first transforms and dependency optimisation are not charged.
          await warmUp(origin, executablePath);
          warm = true;
        }
        const loadBefore = loadAverage();
        const result = await measureSize(size, origin, executablePath);
        // Other engineers' suites share the cores: every figure is printed with the load it met.
        result.load = `${loadBefore.toFixed(1)} -> ${loadAverage().toFixed(1)}`;
        rows.push([size, result]);
        report(size, result);
      } finally {
        await stop(emulator.child);
      }
    }
  } finally {
    await stop(server);
  }
  summary(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
