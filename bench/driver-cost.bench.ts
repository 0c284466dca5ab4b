/**
 * What the browser benches' driver costs a load (npm run bench -- driver-cost): the same 10 MB
 * GetAssetStubs answer (HTTP GET, 30,000 stubs of the seeded emulator through the production
 * server) loaded on the Asset stubs page in Chromium driven by Playwright, which turns on
 * DevTools' Network domain in the page and in its workers, and by the bare DevTools pipe
 * (bare-chromium.ts), which leaves it off as a person's browser has it. The drivers alternate,
 * each on a fresh page, the form sent 1.5 s after the page opened; the figures are timed in the
 * page, from the click to the first lines painted and to "All N lines are in", with the longest
 * main-thread task from the click to a second after that (PerformanceObserver longtask). Then
 * Chromium's own XML viewer opens the same answer's URL under each driver (its navigation's load
 * event), the baseline issue 24 sets the console against, whose document DevTools copies too.
 *
 * DRIVER_COST_STUBS (30,000), DRIVER_COST_ROUNDS (6 loads a driver), DRIVER_COST_NATIVE_ROUNDS
 * (3 native loads a driver; 0 skips them).
 */
import { chromium } from '@playwright/test';
import { freePort } from '../fixtures/free-port.ts';
import { launchBareChromium } from './support/bare-chromium.ts';
import { CHROMIUM_ARGS, requireChromium } from './support/chromium.ts';
import { loadAverage } from './support/load-average.ts';
import { median } from './support/median.ts';
import { loadInNativeViewer } from './support/native-viewer.ts';
import { PAGE_HELPERS } from './support/page-helpers.ts';
import { startEmulator, stopAll } from './support/process.ts';
import { buildProduction, startProductionServer } from './support/production.ts';

const STUBS = Number(process.env.DRIVER_COST_STUBS ?? 30_000);
const ROUNDS = Number(process.env.DRIVER_COST_ROUNDS ?? 6);
const NATIVE_ROUNDS = Number(process.env.DRIVER_COST_NATIVE_ROUNDS ?? 3);
const KEY = 'seed-stubs';
/** Past this the native viewer's load counts as not loaded (it takes about 20 s at 10 MB). */
const NATIVE_CAP_MS = 120_000;
/** In the page once it has loaded: its navigation's load event, from the navigation's start. */
const LOAD_EVENT = `performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? NaN`;

/**
 * The load, in the page: [click → the first lines painted, click → every line ready], seen as
 * the viewer bench sees them (a line's text in the document, then the frame that paints it).
 */
const LOAD = `(async () => {
  await __bench.until(() => __bench.button('Get asset stubs'), 30000);
  __bench.set('Binding', 'http-get');
  __bench.set('OpenIDKey', ${JSON.stringify(KEY)});
  await new Promise((resolve) => setTimeout(resolve, 1500));
  let painted = 0;
  let every = 0;
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
  const observer = new MutationObserver(() => {
    if (!painted && document.querySelector('.xv-lines .xv-line-text')?.textContent) {
      painted = -1;
      requestAnimationFrame(() => setTimeout(() => (painted = performance.now()), 0));
    }
    if (!every && document.body.textContent.includes('lines are in')) every = performance.now();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const started = performance.now();
  __bench.button('Get asset stubs').click();
  await __bench.until(() => every && painted > 0, 60000);
  observer.disconnect();
  // The tasks of the load, up to a second after every line is ready.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const longest = Math.max(0, ...tasks.filter(([at]) => at >= started).map(([, ms]) => ms));
  return [painted - started, every - started, longest];
})()`;

/** click → first lines painted, click → every line ready, the longest task from the click (ms). */
type LoadTimes = [number, number, number];

type Driver = 'Playwright (Network on)' | 'bare DevTools pipe';

try {
  const executablePath = await requireChromium();
  const emulator = await startEmulator({ port: await freePort(), seedStubs: STUBS });
  const build = buildProduction('driver-cost');
  const server = (
    await startProductionServer(build, { INODE_TARGET: emulator.origin, INODE_EMULATOR: 'off' })
  ).origin;
  // The emulator's statements and stub memo warmed, so that both drivers meet the same service.
  await fetch(
    `${emulator.origin}/Inode.asmx/GetAssetStubs?OpenIDKey=${KEY}&AssetType=&OtherFilterCriteria=`,
  ).then((answer) => answer.arrayBuffer());

  const playwright = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  const bare = await launchBareChromium(executablePath, CHROMIUM_ARGS);
  const load = async (driver: Driver): Promise<LoadTimes> => {
    if (driver === 'bare DevTools pipe') {
      const page = await bare.open(`${server}/`);
      await page.evaluate(PAGE_HELPERS);
      const result = await page.evaluate<LoadTimes>(LOAD);
      await page.close();
      return result;
    }
    const page = await playwright.newPage();
    await page.goto(`${server}/`);
    await page.evaluate(PAGE_HELPERS);
    const result = (await page.evaluate(LOAD)) as LoadTimes;
    await page.close();
    return result;
  };

  const nativeLoad = async (driver: Driver): Promise<number> => {
    const url = `${server}/Inode.asmx/GetAssetStubs?OpenIDKey=${KEY}&AssetType=&OtherFilterCriteria=`;
    if (driver === 'bare DevTools pipe') {
      const load = await loadInNativeViewer(bare, url, NATIVE_CAP_MS);
      if ('waitedMs' in load) throw new Error(`native viewer: ${load.outcome}`);
      return load.loadMs;
    }
    const page = await playwright.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: NATIVE_CAP_MS });
    const ms = (await page.evaluate(LOAD_EVENT)) as number;
    await page.close();
    return ms;
  };

  const drivers: Driver[] = ['Playwright (Network on)', 'bare DevTools pipe'];
  const times = new Map<Driver, Array<LoadTimes>>(drivers.map((d) => [d, []]));
  const loadAtStart = loadAverage();
  // One unmeasured load each: the server's and the browser's caches, the emulator's first call.
  for (const driver of drivers) await load(driver);
  for (let round = 0; round < ROUNDS; round++) {
    for (const driver of round % 2 ? [...drivers].reverse() : drivers)
      times.get(driver)?.push(await load(driver));
  }
  const native = new Map<Driver, number[]>(drivers.map((d) => [d, []]));
  for (let round = 0; round < NATIVE_ROUNDS; round++) {
    for (const driver of round % 2 ? [...drivers].reverse() : drivers)
      native.get(driver)?.push(await nativeLoad(driver));
  }
  await playwright.close();
  await bare.close();

  console.log(
    `${STUBS.toLocaleString('en')} stubs over HTTP GET, ${ROUNDS} loads a driver, alternating; load ${loadAtStart.toFixed(1)} → ${loadAverage().toFixed(1)}`,
  );
  console.log(
    `  ${''.padEnd(26)} ${'first lines'.padStart(12)} ${'every line'.padStart(12)} ${'longest task'.padStart(13)}`,
  );
  for (const driver of drivers) {
    const runs = times.get(driver) ?? [];
    const first = median(runs.map(([ms]) => ms));
    const every = median(runs.map(([, ms]) => ms));
    const longest = median(runs.map(([, , ms]) => ms));
    console.log(
      `  ${driver.padEnd(26)} ${`${first.toFixed(0)} ms`.padStart(12)} ${`${every.toFixed(0)} ms`.padStart(12)} ${`${longest.toFixed(0)} ms`.padStart(13)}   (${runs.map((run) => run.map((ms) => ms.toFixed(0)).join('/')).join(', ')})`,
    );
  }
  const [withNetwork, without] = drivers.map((d) => times.get(d) ?? []);
  const share = (pick: (run: LoadTimes) => number) =>
    ((1 - median((without ?? []).map(pick)) / median((withNetwork ?? []).map(pick))) * 100).toFixed(
      0,
    );
  console.log(
    `  the bare pipe's loads: first lines ${share(([ms]) => ms)} %, every line ${share(([, ms]) => ms)} % sooner than Playwright's`,
  );
  if (NATIVE_ROUNDS > 0) {
    console.log("  Chromium's XML viewer, the same URL, load event (median):");
    for (const driver of drivers) {
      const loads = native.get(driver) ?? [];
      const first = median((times.get(driver) ?? []).map(([ms]) => ms));
      console.log(
        `  ${driver.padEnd(26)} ${`${median(loads).toFixed(0)} ms`.padStart(12)}   (${loads.map((ms) => ms.toFixed(0)).join(', ')}); its load / the console's first lines: ${(median(loads) / first).toFixed(1)}×`,
      );
    }
  }
} finally {
  stopAll();
}
process.exit(0);
