/**
 * Console benchmark: time from submit to a painted result for a small GetAssetStubs on the
 * embedded emulator, in Chromium, printed beside the raw request time (the same SOAP 1.1 call
 * made with fetch() from the same page) measured in the same run, interleaved.
 *
 * Builds the app into a temp folder and serves it with `vite preview` (production bundle, the
 * emulator in memory) on BENCH_PORT (default 5192).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, requireChromium } from './support/chromium.ts';
import { quantile } from './support/median.ts';
import { startUntil, stop } from './support/process.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5192);
const BASE = `http://127.0.0.1:${PORT}`;
const WARMUP = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
// A demo user with a handful of stubs (about 2 KB of DataStubs): small, but the viewer has work.
const KEY = 'demo-alice-key';
const VITE = 'node_modules/vite/bin/vite.js';

function stats(samples: number[]) {
  return { median: quantile(samples, 0.5), p90: quantile(samples, 0.9), min: quantile(samples, 0) };
}

const outDir = mkdtempSync(join(tmpdir(), 'inode-console-bench-'));
execFileSync(
  process.execPath,
  [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);
const { child: server } = await startUntil(
  process.execPath,
  [
    VITE,
    'preview',
    '--outDir',
    outDir,
    '--port',
    String(PORT),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ],
  { env: { INODE_EMULATOR_DB: ':memory:' }, ready: /Local:/, name: 'vite preview' },
);

try {
  const wsdl = await (await fetch(`${BASE}/Inode.asmx?WSDL`)).text();
  const namespace = /targetNamespace="([^"]+)"/.exec(wsdl)?.[1];
  if (!namespace) throw new Error('no targetNamespace in ?WSDL');
  const envelope =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
    `<GetAssetStubs xmlns="${namespace}"><OpenIDKey>${KEY}</OpenIDKey><AssetType /><OtherFilterCriteria />` +
    '</GetAssetStubs></soap:Body></soap:Envelope>';

  const browser = await launchChromium(await requireChromium());
  const page = await browser.newPage();
  await page.goto(`${BASE}/stubs`);
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);

  // Click submit, wait for this submission's settled result in the DOM, then for the frame that
  // paints it (rAF runs just before paint; a task queued from it runs just after).
  const consoleCall = `(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Get asset stubs');
    const done = document.querySelectorAll('[data-submission]').length === 0
      ? 0 : Number(document.querySelector('[data-submission]').dataset.submission);
    const t0 = performance.now();
    button.click();
    await new Promise((resolve) => {
      const settled = () => {
        const el = document.querySelector('[data-submission]:not(.stale)');
        return el && Number(el.dataset.submission) > done;
      };
      if (settled()) return resolve();
      const observer = new MutationObserver(() => { if (settled()) { observer.disconnect(); resolve(); } });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const dom = performance.now() - t0;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const painted = performance.now() - t0;
    const request = performance.getEntriesByType('resource')
      .filter((e) => e.name.includes('/Inode.asmx') && e.startTime >= t0).pop();
    performance.clearResourceTimings();
    return [dom, painted, request ? request.startTime - t0 : NaN, request ? request.responseEnd - t0 : NaN];
  })()`;
  const rawCall = `(async () => {
    const t0 = performance.now();
    const response = await fetch('/Inode.asmx', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"${namespace}GetAssetStubs"' },
      body: ${JSON.stringify(envelope)},
    });
    const text = await response.text();
    if (!text.includes('GetAssetStubsResult')) throw new Error('unexpected raw answer');
    return performance.now() - t0;
  })()`;

  const consoleMs: number[] = [];
  const domMs: number[] = [];
  const sentMs: number[] = [];
  const receivedMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const [dom, painted, sent, received] = (await page.evaluate(consoleCall)) as number[];
    const r = Number(await page.evaluate(rawCall));
    if (i >= WARMUP) {
      domMs.push(dom ?? NaN);
      consoleMs.push(painted ?? NaN);
      sentMs.push(sent ?? NaN);
      receivedMs.push(received ?? NaN);
      rawMs.push(r);
    }
  }
  const outcome = await page.locator('section[data-outcome]').getAttribute('data-outcome');
  if (outcome !== 'success') throw new Error(`the console showed ${outcome}, not success`);
  await browser.close();

  const c = stats(consoleMs);
  const d = stats(domMs);
  const r = stats(rawMs);
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `GetAssetStubs on the emulator (SOAP 1.1, ${KEY}), ${RUNS} runs after ${WARMUP} warm-up, interleaved`,
  );
  console.log(
    `  submit → painted result (console): median ${fmt(c.median)}, p90 ${fmt(c.p90)}, min ${fmt(c.min)}`,
  );
  console.log(
    `  submit → result in the DOM:         median ${fmt(d.median)}, p90 ${fmt(d.p90)}, min ${fmt(d.min)}`,
  );
  console.log(
    `  of which: request sent after ${fmt(stats(sentMs).median)}, response complete after ${fmt(stats(receivedMs).median)} (medians)`,
  );
  console.log(
    `  raw fetch() of the same request:    median ${fmt(r.median)}, p90 ${fmt(r.p90)}, min ${fmt(r.min)}`,
  );
  console.log(
    `  console / raw (median): ${(c.median / r.median).toFixed(2)}×; console adds ${fmt(c.median - r.median)}`,
  );
} finally {
  await stop(server);
  rmSync(outDir, { recursive: true, force: true });
}
