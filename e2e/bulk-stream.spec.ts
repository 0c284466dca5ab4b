/**
 * A CSV file sent as it is read (the Bulk register page's streamed job) in Chromium against the
 * embedded emulator: rows read and checked in the file reader's worker, sent with the form's
 * settings, the results file complete; a file stopped part way and chosen again after a reload
 * goes on after the rows done, and no row is sent twice (the service would refuse a repeat).
 * Throughput, heap and main-thread tasks at a million rows: `npm run bench -- bulk-page`.
 */
import type { Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { expect, test } from './fixtures.ts';

const KEY = DEMO_USERS[1]?.openIdKey ?? 'demo-bob-key';

function stream(page: Page) {
  return {
    file: page.getByLabel('Or send a CSV file of any size'),
    rate: page.getByLabel('Rate', { exact: true }),
    concurrency: page.getByLabel('Calls at a time', { exact: true }),
    retries: page.getByLabel('Retries', { exact: true }),
    phase: page.getByTestId('stream-phase'),
    counts: page.getByTestId('stream-counts'),
    button: (name: string | RegExp) => page.getByRole('button', { name }),
  };
}

async function openBulk(page: Page) {
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk register' })).toBeVisible();
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page.getByLabel('Record each call in History (without the key)').uncheck();
}

async function csvFile(name: string, lines: string[]): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'inode-e2e-stream-')), name);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

test('a streamed file: settings checked as typed, every row sent once, results complete', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const rows = Array.from(
    { length: 1_500 },
    (_, i) => `https://e2e.example.org/stream/${stamp}/${i}.png;image`,
  );
  // Two rows the checks refuse, one repeat: written as skipped, never sent.
  rows.splice(10, 0, `https://e2e.example.org/stream/${stamp}/empty.png;`);
  rows.splice(20, 0, `;image`);
  rows.push(rows[0] ?? '');
  const path = await csvFile('stream.csv', ['url;type', ...rows]);
  const s = stream(page);
  await openBulk(page);
  await s.file.setInputFiles(path);
  await expect(page.getByTestId('stream-file')).toContainText('stream.csv');

  await s.rate.fill('fast');
  await expect(page.getByText('“fast” is not a rate')).toBeVisible();
  await expect(s.button('Send the file')).toBeDisabled();
  await s.rate.fill('');
  await s.concurrency.fill('0');
  await expect(page.getByText('“0” is not a concurrency')).toBeVisible();
  await s.concurrency.fill('8');
  await s.retries.fill('30');
  await expect(page.getByText('“30” is not a retry count')).toBeVisible();
  await s.retries.fill('2');
  await expect(s.button('Send the file')).toBeEnabled();

  await s.button('Send the file').click();
  await expect(s.phase).toHaveText('Finished. 1,500 registered, 0 failed, 3 skipped.', {
    timeout: 150_000,
  });
  await expect(page.getByText(/The first line was read as a header/)).toBeVisible();
  await expect(s.counts).toContainText('Retries 0');

  const downloading = page.waitForEvent('download');
  await s.button('Download results (CSV)').click();
  const saved = await readFile((await (await downloading).path()) ?? '', 'utf8');
  expect(saved.startsWith('\uFEFFRow,ServiceURI,MediaType,Outcome,Result\r\n')).toBe(true);
  const lines = saved.trim().split(/\r\n/).slice(1);
  expect(lines).toHaveLength(1_503);
  expect(lines.filter((line) => line.includes(',registered,'))).toHaveLength(1_500);
  expect(lines.filter((line) => line.includes(',skipped (repeat),'))).toHaveLength(1);
  expect(lines.filter((line) => line.includes(',skipped (invalid),'))).toHaveLength(2);
  expect(saved).not.toContain(KEY);
});

test('a streamed file stopped part way goes on after its done rows once chosen again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const total = 300;
  const path = await csvFile(
    'resume.csv',
    ['ServiceURI,MediaType'].concat(
      Array.from(
        { length: total },
        (_, i) => `https://e2e.example.org/resume/${stamp}/${i}.png,image`,
      ),
    ),
  );
  const s = stream(page);
  await openBulk(page);
  await s.file.setInputFiles(path);
  // Slowly, so that Cancel lands part way.
  await s.rate.fill('40/s');
  await s.button('Send the file').click();
  await expect(s.counts).toContainText(/Registered [1-9]\d/, { timeout: 30_000 });
  await s.button('Stop').click();
  await expect(s.phase).toContainText('Stopped: no new rows are sent');
  // The calls already sent finish and count.
  await expect(s.counts).not.toContainText('Sending');
  const first = Number(/Registered ([\d,]+)/.exec((await s.counts.textContent()) ?? '')?.[1]);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThan(total);

  await page.reload();
  await openBulk(page);
  await s.file.setInputFiles(path);
  await expect(page.getByTestId('stream-earlier')).toContainText(
    `This file was sent before: ${first} rows were done`,
  );
  await s.button(/^Go on after row/).click();
  await expect(s.phase).toHaveText(`Finished. ${total - first} registered, 0 failed, 0 skipped.`, {
    timeout: 120_000,
  });
  await expect(s.counts).toContainText(`Done in an earlier run ${first}`);

  // Each row stored exactly once: none sent twice, none skipped.
  const stubs = await (
    await request.get(
      `/Inode.asmx/GetAssetStubs?OpenIDKey=${KEY}&AssetType=image&OtherFilterCriteria=`,
    )
  ).text();
  const stored = [...stubs.matchAll(new RegExp(`/resume/${stamp}/(\\d+)\\.png`, 'g'))].map(
    (match) => Number(match[1]),
  );
  expect(stored.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
});
