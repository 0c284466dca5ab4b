// The answer-size ceiling (issue 24) in real Chromium, on the production build and server against
// the emulator, over HTTP GET: just under the 250 MiB default (630,000 seeded stubs, about 249 MiB)
// the answer opens (Pretty, its facts, the tab alive, the heap of the page and of its workers);
// just over it (640,000 stubs, about 253 MiB) the outcome names the size and the Download saves
// every byte.
//
//   npm run bench -- answer-ceiling
import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { freePort } from '../fixtures/free-port.ts';
import { launchChromium, requireChromium } from './support/chromium.ts';
import { loadAverage } from './support/load-average.ts';
import { startEmulator, stop, stopAll } from './support/process.ts';
import { buildProduction, startProductionServer } from './support/production.ts';
import { heapMb } from './viewer/heap.ts';

const UNDER = 630_000;
const OVER = 640_000;
const MINUTES = 300_000;

async function callStubs(page: Page, origin: string): Promise<string | null> {
  await page.goto(`${origin}/stubs`);
  await page.getByLabel('Binding', { exact: true }).selectOption({ label: 'HTTP GET' });
  await page.getByLabel('OpenIDKey', { exact: true }).fill('seed-stubs');
  await page.getByRole('button', { name: 'Get asset stubs' }).click();
  const outcome = page.locator('section[data-outcome]:not([data-stale])');
  await outcome.waitFor({ timeout: MINUTES });
  return outcome.getAttribute('data-outcome');
}

async function measure(stubs: number, origin: string, executablePath: string): Promise<void> {
  const browser = await launchChromium(executablePath, ['--enable-precise-memory-info']);
  const loadBefore = loadAverage();
  try {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    let crashed = false;
    page.on('crash', () => (crashed = true));
    const start = Date.now();
    const kind = await callStubs(page, origin);
    console.log(
      `--- ${stubs.toLocaleString('en-US')} stubs: outcome ${kind} after ${Date.now() - start} ms`,
    );
    if (kind === 'success') {
      const facts = page.getByText(/lines pretty-printed/).first();
      await facts.waitFor({ timeout: MINUTES });
      console.log(`  viewer after ${Date.now() - start} ms: ${await facts.innerText()}`);
    } else {
      console.log(`  ${await page.locator('section[data-outcome] p').first().innerText()}`);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /^Download the answer/ }).click();
      const file = await download;
      console.log(
        `  downloaded ${file.suggestedFilename()}: ${statSync((await file.path()) ?? '').size} bytes`,
      );
    }
    const heap = await heapMb(page);
    console.log(
      `  JS heap, page + workers: ${heap.page.toFixed(0)} + ${heap.workers.toFixed(0)} MB; tab crashed: ${crashed ? 'yes' : 'no'}`,
    );
    console.log(`  load average ${loadBefore.toFixed(1)} -> ${loadAverage().toFixed(1)}`);
  } finally {
    await browser.close();
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
