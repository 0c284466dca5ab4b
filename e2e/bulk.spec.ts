/**
 * Bulk registration against the embedded emulator: rows pasted by keyboard, one invalid; the
 * four valid ones registered and read back on the Asset stubs page; results kept across pages
 * and reloads (never the key); a 10,000-row file checked, run, paused and cancelled.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import { tabTo, typeInto } from './support/keyboard.ts';

const BOB_KEY = DEMO_USERS[1]?.openIdKey ?? 'demo-bob-key';

function bulk(page: Page) {
  return {
    rows: page.getByLabel('CSV or TSV rows'),
    key: page.getByLabel('OpenIDKey', { exact: true }),
    summary: page.getByTestId('bulk-row-summary'),
    counts: page.getByTestId('bulk-counts'),
    phase: page.getByRole('status').filter({ hasText: /Running|Paused|Cancelled|Finished/ }),
    table: page.getByRole('region', { name: 'Rows and outcomes' }),
    button: (name: string | RegExp) => page.getByRole('button', { name }),
  };
}

async function openBulk(page: Page) {
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk register' })).toBeVisible();
}

test('five rows by keyboard, one invalid: four IDs, then read back on Asset stubs', async ({
  page,
  stubs,
  shell,
}) => {
  const stamp = Date.now();
  const uris = [1, 2, 3, 4].map((n) => `https://e2e.example.org/bulk/${stamp}/${n}.jpg`);
  const csv = [
    'ServiceURI,MediaType',
    `${uris[0]},image`,
    `${uris[1]},image`,
    `https://e2e.example.org/bulk/${stamp}/invalid.jpg,`,
    `${uris[2]},audio`,
    `${uris[3]},video`,
  ].join('\n');
  const b = bulk(page);
  await openBulk(page);
  await expectAccessible(page, 'bulk: empty');

  await tabTo(page, b.rows);
  await page.keyboard.insertText(csv);
  await expect(b.summary).toContainText('5 rows (after the header row) · 1 with errors');
  await expect(b.table.getByRole('row').nth(3)).toContainText('MediaType is empty.');
  await expectAccessible(page, 'bulk: preview with an invalid row');

  await typeInto(page, b.key, DEMO_KEY);
  await expect(b.key).toHaveAttribute('type', 'password');
  await tabTo(page, b.button('Run 4 rows'));
  await page.keyboard.press('Enter');
  await expect(b.phase).toHaveText('Finished. 4 registered, 0 failed.');
  await expect(b.counts).toContainText('Done 4 of 4');
  // The rows went over the console server's WebSocket relay (allowed by connect-src 'self').
  await expect(page.getByTestId('bulk-transport')).toHaveText(
    'Sending through the console server (one connection for all rows).',
  );

  const ids: string[] = [];
  for (const [i, uri] of uris.entries()) {
    const row = b.table.getByRole('row').filter({ hasText: uri });
    await expect(row, `row ${i + 1}`).toContainText('registered');
    const id = (await row.getByRole('cell').nth(5).textContent()) ?? '';
    expect(id).toMatch(/^\S+$/);
    expect(id).not.toMatch(/^ERROR/);
    ids.push(id);
  }
  expect(new Set(ids).size).toBe(4);
  await expect(b.table.getByRole('row').nth(3)).toContainText('skipped (invalid)');
  await expectAccessible(page, 'bulk: finished');

  // Results as CSV, by keyboard.
  await tabTo(page, b.button('Download results (CSV)'));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  const saved = await readFile((await download.path()) ?? '', 'utf8');
  expect(saved).toContain('ServiceURI,MediaType,Outcome,Result');
  for (const uri of uris) expect(saved).toContain(`${uri},`);
  expect(saved).toContain(`,registered,${ids[0]}`);
  expect(saved).toContain('skipped (invalid)');
  expect(saved).not.toContain(DEMO_KEY);

  await shell.nav('Asset stubs').click();
  expect(await stubs.call({ key: DEMO_KEY })).toBe('success');
  const body = await stubs.responseBody();
  for (const uri of uris) expect(body).toContain(uri);
  expect(body).not.toContain(`${stamp}/invalid.jpg`);
});

test('a failed job is kept across pages and reloads without the key, and retried', async ({
  page,
  shell,
}) => {
  const stamp = Date.now();
  const csv = [1, 2, 3]
    .map((n) => `https://e2e.example.org/retry/${stamp}/${n},document`)
    .join('\n');
  const b = bulk(page);
  await openBulk(page);
  await b.rows.fill(csv);
  await expect(b.summary).toContainText('3 rows (no header row)');
  await b.key.fill('not-a-real-key');
  await b.button('Run 3 rows').click();
  await expect(b.phase).toHaveText('Finished. 0 registered, 3 failed.');
  await expect(b.table.getByRole('row').nth(1)).toContainText('ERROR');
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Failed rows' });
  await expect(b.table.getByRole('row')).toHaveCount(4);
  await expectAccessible(page, 'bulk: failures');

  // Away and back: same rows, same results.
  await shell.nav('Register').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await page.goBack();
  await expect(b.counts).toContainText('Failed 3');
  await expect(b.rows).toHaveValue(csv);

  // A reload in the same tab: still there, and the key is nowhere in storage or the URL.
  await page.reload();
  await expect(b.counts).toContainText('Failed 3');
  await expect(b.rows).toHaveValue(csv);
  // A string, because e2e code is typechecked without DOM types.
  const stored = String(
    await page.evaluate('JSON.stringify({ ...sessionStorage, ...localStorage })'),
  );
  expect(stored).toContain(`retry/${stamp}/1`);
  expect(stored).not.toContain('not-a-real-key');
  expect(page.url()).not.toContain('not-a-real-key');

  await b.key.fill(BOB_KEY);
  await b.button('Retry 3 failed').click();
  await expect(b.phase).toHaveText('Finished. 3 registered, 0 failed.');
  await expect(b.table.getByRole('row').nth(1)).toContainText('(try 2)');
});

test('a 10,000-row file: checked without freezing, virtualized, run, paused, resumed, cancelled', async ({
  page,
}) => {
  const stamp = Date.now();
  const csv = [
    'MediaType\tServiceURI',
    ...Array.from({ length: 10_000 }, (_, i) => `image\thttps://e2e.example.org/big/${stamp}/${i}`),
  ].join('\n');
  const b = bulk(page);
  await openBulk(page);
  // A file this size is the usual way in (Playwright's fill of 600 KB into a textarea is slow).
  await page.getByLabel('Or choose a CSV file').setInputFiles({
    name: 'big.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText('Loaded from big.tsv')).toBeVisible();
  await expect(b.summary).toContainText('10,000 rows (after the header row) · 0 with errors');
  // Only the visible rows are in the page; the table still says how many there are.
  const rendered = await b.table.getByRole('row').count();
  expect(rendered).toBeLessThan(100);
  await expect(b.table.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');

  await b.key.fill(DEMO_KEY);
  await page.getByLabel('Record each call in History (without the key)').uncheck();
  await page.getByLabel('Concurrency').selectOption('8');
  await b.button('Run 10000 rows').click();
  await expect(b.counts).toContainText(/Registered [1-9]/);
  await b.button('Pause').click();
  await expect(b.phase).toContainText('Paused');
  await expectAccessible(page, 'bulk: paused');
  await b.button('Resume').click();
  await expect(b.phase).toContainText('Running');
  await b.button('Cancel').click();
  await expect(b.phase).toContainText('Cancelled');
  await expect(b.button(/^Continue \(\d+ not sent\)$/)).toBeVisible();
  const counts = (await b.counts.textContent()) ?? '';
  expect(counts).toMatch(/Failed 0/);
  expect(counts).not.toMatch(/Sending/);
});
