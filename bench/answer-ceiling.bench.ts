// The answer-size ceiling (issue 24) in real Chromium, on the production build and server against
// the emulator, over HTTP GET: just under the 250 MiB default (630,000 seeded stubs, about 249 MiB)
// the answer opens (Pretty, its facts, the tab alive, the heap of the page and of its workers);
// just over it (640,000 stubs, about 253 MiB) the outcome names the size and the Download saves
// every byte. Chromium is driven over the bare DevTools pipe (bench/support/bare-chromium.ts).
//
//   npm run bench -- answer-ceiling
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../fixtures/free-port.ts';
import { launchBareChromium, type BareChromium, type BarePage } from './support/bare-chromium.ts';
import { CHROMIUM_ARGS, requireChromium } from './support/chromium.ts';
import { loadAverage } from './support/load-average.ts';
import { startEmulator, stop, stopAll } from './support/process.ts';
import { buildProduction, startProductionServer } from './support/production.ts';
import { heapMb } from './viewer/heap.ts';
import { callStubs, inPage, innerText, openPage, waitInPage } from './viewer/page.ts';

const UNDER = 630_000;
const OVER = 640_000;
const MINUTES = 300_000;

const OUTCOME = 'section[data-outcome]:not([data-stale])';

/** Clicks the page's "Download the answer…" button: the saved file's name and size in bytes. */
async function download(chromium: BareChromium, page: BarePage): Promise<[string, number]> {
  const folder = mkdtempSync(join(tmpdir(), 'inode-answer-ceiling-'));
  try {
    await chromium.browser.send('Browser.setDownloadBehavior', {
      behavior: 'allowAndName',
      downloadPath: folder,
      eventsEnabled: true,
    });
    let name = '';
    const done = new Promise<string>((resolve, reject) => {
      chromium.browser.on('Browser.downloadWillBegin', (params) => {
        name = String(params.suggestedFilename);
      });
      chromium.browser.on('Browser.downloadProgress', (params) => {
        if (params.state === 'completed') resolve(String(params.guid));
        if (params.state === 'canceled') reject(new Error('the download was cancelled'));
      });
    });
    await page.click(
      `[...document.querySelectorAll('button')].find((b) => b.textContent.trim().startsWith('Download the answer'))`,
    );
    // Saved under its guid (allowAndName).
    return [name, statSync(join(folder, await done)).size];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function measure(stubs: number, origin: string, executablePath: string): Promise<void> {
  const chromium = await launchBareChromium(executablePath, [
    ...CHROMIUM_ARGS,
    '--enable-precise-memory-info',
  ]);
  const loadBefore = loadAverage();
  try {
    let crashed = false;
    const page = await openPage({ chromium, origin, onCrash: () => (crashed = true) });
    const start = Date.now();
    await callStubs(page, false);
    await waitInPage(page, `!!document.querySelector(${JSON.stringify(OUTCOME)})`, {
      timeoutMs: MINUTES,
      pollingMs: 100,
    });
    const kind = await inPage<string | null>(
      page,
      `document.querySelector(${JSON.stringify(OUTCOME)}).getAttribute('data-outcome')`,
    );
    console.log(
      `--- ${stubs.toLocaleString('en-US')} stubs: outcome ${kind} after ${Date.now() - start} ms`,
    );
    if (kind === 'success') {
      await waitInPage(
        page,
        `/lines pretty-printed/.test(document.querySelector('.xv-facts')?.textContent ?? '')`,
        { timeoutMs: MINUTES, pollingMs: 100 },
      );
      console.log(`  viewer after ${Date.now() - start} ms: ${await innerText(page, '.xv-facts')}`);
    } else {
      console.log(`  ${await innerText(page, 'section[data-outcome] p')}`);
      const [name, bytes] = await download(chromium, page);
      console.log(`  downloaded ${name}: ${bytes} bytes`);
    }
    const heap = await heapMb(page);
    console.log(
      `  JS heap, page + workers: ${heap.page.toFixed(0)} + ${heap.workers.toFixed(0)} MB; tab crashed: ${crashed ? 'yes' : 'no'}`,
    );
    console.log(`  load average ${loadBefore.toFixed(1)} -> ${loadAverage().toFixed(1)}`);
  } finally {
    await chromium.close();
  }
}

async function main(): Promise<void> {
  const executablePath = await requireChromium();
  const emulatorPort = await freePort();
  const build = buildProduction('answer-ceiling');
  const { origin } = await startProductionServer(build, {
    INODE_TARGET: `http://127.0.0.1:${emulatorPort}`,
  });
  try {
    for (const stubs of [UNDER, OVER]) {
      const emulator = await startEmulator({ port: emulatorPort, seedStubs: stubs });
      try {
        const body = await fetch(
          `${origin}/Inode.asmx/GetAssetStubs?OpenIDKey=seed-stubs&AssetType=&OtherFilterCriteria=`,
        ).then((r) => r.arrayBuffer());
        console.log(
          `HTTP GET answer: ${body.byteLength.toLocaleString('en-US')} bytes (${(body.byteLength / 1048576).toFixed(1)} MiB)`,
        );
        await measure(stubs, origin, executablePath);
      } finally {
        await stop(emulator.child);
      }
    }
  } finally {
    stopAll();
  }
}

await main();
