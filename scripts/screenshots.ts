/**
 * Writes screenshots of the console's main pages to docs/screenshots/ (used in the README).
 * Starts its own dev server with the embedded emulator (in-memory database) on
 * SCREENSHOTS_PORT (default 5191), drives it with Playwright's Chromium, then stops it.
 *
 * Usage: npm run screenshots
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 5191);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = new URL('../docs/screenshots/', import.meta.url);
const KEY = 'demo-alice-key';

async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the dev server did not answer at ${url} within ${timeoutMs} ms`);
}

async function shoot(page: Page, name: string): Promise<void> {
  const path = new URL(`${name}.png`, OUT).pathname;
  await page.screenshot({ path, fullPage: true });
  console.log(`wrote docs/screenshots/${name}.png`);
}

/**
 * CodeMirror measures its lines only once the editor is in the window; a full-page shot of an
 * editor below the fold would show line numbers placed by its estimate. Scroll it in, let it
 * measure, and go back to the top.
 */
async function measurePretty(page: Page): Promise<void> {
  const editor = page.locator('.cm-editor').first();
  if ((await editor.count()) === 0) return;
  await editor.scrollIntoViewIfNeeded();
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  await page.evaluate('window.scrollTo(0, 0)');
}

async function callStubs(page: Page, key: string, assetType = ''): Promise<void> {
  await page.goto(`${BASE}/stubs`);
  await page.getByLabel('OpenIDKey', { exact: true }).fill(key);
  await page.getByLabel('AssetType', { exact: true }).fill(assetType);
  await page.getByRole('button', { name: 'Get asset stubs' }).click();
  await page.locator('section[data-outcome]:not([data-stale])').waitFor();
}

/** Binding parity, Compare (current result against History) and an XPath query. */
async function shootPeers(page: Page): Promise<void> {
  await page.goto(`${BASE}/stubs`);
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page.getByRole('button', { name: 'Call on all bindings' }).click();
  await page.getByRole('button', { name: 'Call all four, key in the HTTP GET URL' }).click();
  await page.getByTestId('parity-verdict').waitFor();
  await shoot(page, 'parity');

  await callStubs(page, KEY);
  const viewer = page.getByRole('region', { name: 'DataStubs viewer' }).first();
  await viewer.getByRole('tab', { name: 'XPath' }).click();
  await viewer.getByRole('textbox', { name: 'XPath' }).fill("//Stub[@MediaType='image']");
  await viewer.getByRole('button', { name: 'Run XPath' }).click();
  await viewer.locator('.xv-xpath-records, .xv-xpath-results').first().waitFor();
  await shoot(page, 'xpath');

  // One more registration, then the current result against the History entry before it.
  await page.goto(`${BASE}/register`);
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page
    .getByLabel('ServiceURI', { exact: true })
    .fill('https://media.example.org/new/trailer.mp4');
  await page.getByLabel('MediaType', { exact: true }).fill('video');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByLabel('Returned value').waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Asset stubs' })
    .click();
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page.getByRole('button', { name: 'Get asset stubs' }).click();
  await page.locator('section[data-outcome]:not([data-stale])').waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Compare' })
    .click();
  const left = page.getByLabel('Left');
  await left.locator('option', { hasText: 'History:' }).first().waitFor({ state: 'attached' });
  const older = left.locator('option', { hasText: 'History:' }).nth(1);
  await left.selectOption({ label: (await older.textContent()) ?? '' });
  await page.getByLabel('Right').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByTestId('compare-counts').waitFor();
  await shoot(page, 'compare');
}

const server = spawn(
  process.execPath,
  ['node_modules/vite/bin/vite.js', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
  {
    env: {
      ...process.env,
      INODE_EMULATOR_DB: ':memory:',
      INODE_TARGETS: 'staging=http://127.0.0.1:9',
    },
    stdio: 'ignore',
  },
);

try {
  await waitForServer(`${BASE}/`);
  mkdirSync(OUT, { recursive: true });
  const executablePath = await findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      colorScheme: scheme,
    });
    const page = await context.newPage();
    const suffix = scheme === 'light' ? '' : '-dark';

    await page.goto(`${BASE}/register`);
    await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
    await page
      .getByLabel('ServiceURI', { exact: true })
      .fill('https://media.example.org/new/poster.png');
    await page.getByLabel('MediaType', { exact: true }).fill('image');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByLabel('Returned value').waitFor();
    await shoot(page, `register${suffix}`);

    await callStubs(page, KEY);
    await page.getByRole('region', { name: 'DataStubs', exact: true }).first().waitFor();
    // Let the lazily loaded viewer finish: no "Loading…" or "Analysing…" left on the page.
    await page
      .waitForFunction(
        '!/Loading|Analysing/.test(document.querySelector("main").innerText)',
        undefined,
        {
          timeout: 15_000,
        },
      )
      .catch(() => console.warn('the viewer was still loading when the screenshot was taken'));
    await measurePretty(page);
    await shoot(page, `stubs-success${suffix}`);

    if (scheme === 'light') {
      const viewer = page.getByRole('region', { name: 'DataStubs', exact: true }).first();
      await viewer.getByRole('tab', { name: 'Table' }).click();
      await viewer.getByRole('table', { name: 'Stub records' }).waitFor();
      await shoot(page, 'stubs-table');
      await viewer.getByRole('tab', { name: 'Tree' }).click();
      await viewer.getByRole('tree').waitFor();
      await shoot(page, 'stubs-tree');
      await callStubs(page, 'no-such-key');
      await shoot(page, 'stubs-business-failure');
      await callStubs(page, KEY, '!fault');
      await page.getByText('Technical detail').click();
      await shoot(page, 'stubs-soap-fault');
      await page.goto(`${BASE}/history`);
      await page.getByRole('table').waitFor();
      await shoot(page, 'history');
      await page.goto(`${BASE}/bulk`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, 'bulk');
      await page.goto(`${BASE}/settings`);
      await page.getByText(/Discovered from \?WSDL/).waitFor();
      await shoot(page, 'settings');
      await shootPeers(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await callStubs(page, KEY);
      await page
        .getByText(/lines are in/)
        .first()
        .waitFor();
      await measurePretty(page);
      await shoot(page, 'stubs-narrow');
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill();
}
