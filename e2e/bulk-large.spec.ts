/**
 * A 2,000-row bulk job in Chromium against the embedded emulator runs to the end: every row
 * registered, the results CSV complete. Its speed is measured by `npm run bench -- bulk`, not here.
 */
import { readFile } from 'node:fs/promises';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { expect, test } from './fixtures.ts';

const ROWS = 2_000;
// Bob's stubs are only counted nowhere else; Alice's and Erin's are.
const KEY = DEMO_USERS[1]?.openIdKey ?? 'demo-bob-key';

test('a 2,000-row job completes: every row registered, results CSV complete', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const csv = ['ServiceURI,MediaType']
    .concat(
      Array.from(
        { length: ROWS },
        (_, i) => `https://e2e.example.org/large/${stamp}/${i}.png,image`,
      ),
    )
    .join('\n');
  await page.goto('/bulk');
  await page.getByLabel('Or choose a CSV file').setInputFiles({
    name: 'large.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId('bulk-row-summary')).toContainText(
    '2,000 rows (after the header row) · 0 with errors',
  );
  await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  await page.getByLabel('Concurrency').selectOption('8');
  await page.getByLabel('Record each call in History (without the key)').uncheck();
  await page.getByRole('button', { name: `Run ${ROWS} rows` }).click();
  await expect(page.getByRole('status').filter({ hasText: /Finished/ })).toHaveText(
    `Finished. ${ROWS} registered, 0 failed.`,
    { timeout: 240_000 },
  );
  await expect(page.getByTestId('bulk-counts')).toContainText(`Done ${ROWS} of ${ROWS}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (CSV)' }).click();
  const saved = await readFile((await (await downloading).path()) ?? '', 'utf8');
  expect(saved.startsWith('\uFEFFRow,ServiceURI,MediaType,Outcome,Result\r\n')).toBe(true);
  const lines = saved.trim().split(/\r\n/);
  expect(lines).toHaveLength(ROWS + 1);
  expect(lines.filter((line) => line.includes(',registered,'))).toHaveLength(ROWS);
  expect(saved).not.toContain(KEY);
});
