import { readFileSync } from 'node:fs';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

test('History keeps responses (never the key), exports the shown ones as HAR, Settings clears them', async ({
  page,
  stubs,
  shell,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'HTTP GET' })).toBe('success');

  await shell.nav('History').click();
  await page.getByLabel('Operation').selectOption('GetAssetStubs');
  const exportButton = page.getByRole('button', {
    name: /^Export the \d+ shown with a stored response as HAR$/,
  });
  await expect(exportButton).toBeVisible();
  const download = page.waitForEvent('download');
  await exportButton.click();
  const har = readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(har).not.toContain(DEMO_KEY);
  const entries = (JSON.parse(har) as { log: { entries: Array<{ request: { url: string } }> } }).log
    .entries;
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.some((e) => e.request.url.includes('OpenIDKey=%E2%80%A2'))).toBe(true);

  await shell.nav('Settings').click();
  const usage = page.getByTestId('stored-responses-usage');
  await expect(usage).toHaveText(/^[1-9]\d* stored responses, .* of 100\.0 MB$/);
  await expect(page.getByLabel('Largest response kept (MB)')).toHaveValue('5');
  await expectAccessible(page, 'settings with stored responses');
  await page.getByRole('button', { name: 'Clear stored responses' }).click();
  await expect(usage).toHaveText('0 stored responses, 0 B of 100.0 MB');
});
