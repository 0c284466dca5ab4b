/**
 * Bulk safeguards and CSV diagnostics in Chromium against the embedded emulator: a 1,000-row
 * job with a key the service does not recognise sends no more than a few rows and says why in
 * the service's words; "Check only" checks the key with one read-only call and registers
 * nothing; a header named anything is read as one, and an unclosed quote is refused with its line.
 * Calls are counted as they leave the page: each row is one relay frame (a message of its own or
 * one of a batch) or one POST.
 */
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { messageFrames } from '../src/relay/frame-batch.ts';
import { expect, test } from './fixtures.ts';

// Bob's stubs are counted nowhere else (bulk-large registers under his key, with its own URIs).
const BOB_KEY = DEMO_USERS[1]?.openIdKey ?? 'demo-bob-key';
const WRONG_KEY = 'not-a-key-this-service-knows';
const PARSER_WORDS = /Quoted field unterminated|auto-detect|delimiting character/i;

/**
 * Calls the page sends to the service from now on (relay frames plus POSTs to Inode.asmx),
 * and how many of them are AddUserAssetIndex (the operation's name is in every request of it).
 */
function countCalls(page: Page) {
  const counts = { all: 0, registrations: 0 };
  const count = (payload: string | Buffer | Uint8Array | null) => {
    counts.all += 1;
    if (payload !== null && Buffer.from(payload).toString().includes('AddUserAssetIndex'))
      counts.registrations += 1;
  };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/__console/relay')) return;
    socket.on('framesent', (frame) => {
      const payload = frame.payload;
      const frames = typeof payload === 'string' ? null : messageFrames(payload);
      for (const relayFrame of frames ?? [payload]) count(relayFrame);
    });
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/Inode.asmx'))
      count(request.postDataBuffer());
  });
  return counts;
}

async function openBulk(page: Page) {
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk register' })).toBeVisible();
}

async function loadFile(page: Page, name: string, text: string) {
  await page.getByLabel('Or choose a CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
}

test('a wrong-key job of 1,000 rows stops after the first 10, in the service’s words, and keeps the rest', async ({
  page,
}) => {
  const calls = countCalls(page);
  const stamp = Date.now();
  const csv = Array.from(
    { length: 1_000 },
    (_, i) => `https://e2e.example.org/wrong-key/${stamp}/${i}.png,image`,
  ).join('\n');
  await openBulk(page);
  await loadFile(page, 'wrong-key.csv', csv);
  await expect(page.getByTestId('bulk-row-summary')).toContainText('1,000 rows (no header row)');
  await page.getByLabel('OpenIDKey', { exact: true }).fill(WRONG_KEY);
  await page.getByLabel('Concurrency').selectOption('16');
  await page.getByRole('button', { name: 'Run 1000 rows' }).click();
  const stopped = page.getByRole('status').filter({ hasText: 'Stopped:' });
  await expect(stopped).toContainText(
    'Stopped: the first 10 rows all failed the same way, so the others were not sent. The service said: “ERROR: OpenIDKey is not recognised”',
  );
  await expect(page.getByRole('button', { name: 'Continue (990 not sent)' })).toBeEnabled();
  await expect(page.getByTestId('bulk-counts')).toContainText('Failed 10');
  expect(calls).toEqual({ all: 10, registrations: 10 });
  // The key is in its (masked) field only, never in what the page says.
  await expect(page.locator('main')).not.toContainText(WRONG_KEY);
});

test('Check only: the key checked with one read-only call, nothing registered; a wrong key refused', async ({
  page,
}) => {
  const calls = countCalls(page);
  const stamp = Date.now();
  const uri = `https://e2e.example.org/dry-run/${stamp}`;
  await openBulk(page);
  await page.getByLabel('CSV or TSV rows').fill(`url;type\n${uri}/1;image\n${uri}/2;image\n`);
  await expect(page.getByTestId('bulk-columns')).toHaveText(
    'The first line was read as a header (“url” is not an absolute URI; the lines below have URIs there): ServiceURI from column 1 (“url”), MediaType from column 2 (“type”). Values separated by semicolons.',
  );
  await expect(page.getByTestId('bulk-row-summary')).toContainText('2 rows (after the header row)');

  await page.getByLabel('OpenIDKey', { exact: true }).fill(WRONG_KEY);
  await page.getByRole('button', { name: 'Check only' }).click();
  await expect(page.getByTestId('bulk-dry-run')).toHaveText(
    'The service refused the key: “OpenIDKey is not recognised” (ErrorCode 401). 2 of 2 rows would be sent. Nothing was registered.',
  );
  // Another key: the verdict on the first one is no longer shown.
  await page.getByLabel('OpenIDKey', { exact: true }).fill(BOB_KEY);
  await expect(page.getByTestId('bulk-dry-run')).toHaveCount(0);
  await page.getByRole('button', { name: 'Check only' }).click();
  await expect(page.getByTestId('bulk-dry-run')).toHaveText(
    /^The key was accepted \(UserID [\w-]+\)\. 2 of 2 rows would be sent\. Nothing was registered\.$/,
  );
  // One read-only call per check, and not one registration.
  expect(calls).toEqual({ all: 2, registrations: 0 });
  await expect(page.getByRole('button', { name: 'Run 2 rows' })).toBeEnabled();
});

test('an unclosed quote is refused with its line and what to do, in the console’s words', async ({
  page,
}) => {
  await openBulk(page);
  await page
    .getByLabel('CSV or TSV rows')
    .fill(
      'ServiceURI\tMediaType\nhttps://e2e.example.org/q/1\timage\nhttps://e2e.example.org/q/2\t"image\nhttps://e2e.example.org/q/3\timage',
    );
  await expect(page.getByRole('alert')).toHaveText(
    'Line 3 opens a quote (") that is never closed, so the lines after it cannot be read as rows. Close the quote or remove it.',
  );
  await expect(page.getByRole('button', { name: /^Run/ })).toBeDisabled();
  await expect(page.locator('main')).not.toContainText(PARSER_WORDS);
  // The text stays as typed, to be corrected.
  await expect(page.getByLabel('CSV or TSV rows')).toHaveValue(/q\/2\t"image/);
});
