/** The register-then-read flow, through whatever serves the console at `consoleUrl`. */
import type { Page } from '@playwright/test';
import { DEMO_KEY, expect } from '../fixtures.ts';
import { RegisterPage, Shell, StubsPage } from '../support/pages.ts';

/**
 * Registers an index over SOAP 1.1, then reads it back and opens it in the DataStubs viewer.
 * `consoleUrl` ends with the base path (e.g. http://127.0.0.1:8080/tools/inode/).
 * Returns the "Copy as curl" command of the read (key revealed).
 */
export async function registerThenRead(page: Page, consoleUrl: string): Promise<string> {
  const register = new RegisterPage(page);
  const stubs = new StubsPage(page);
  const shell = new Shell(page);
  const serviceUri = `https://deploy.example.org/${Date.now()}.png`;

  await page.goto(`${consoleUrl}register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  expect(
    await register.register({ key: DEMO_KEY, serviceUri, mediaType: 'image', binding: 'SOAP 1.1' }),
  ).toBe('success');
  await expect(register.returnedValue).not.toHaveText(/^ERROR/);

  await shell.nav('Asset stubs').click();
  await expect(page).toHaveURL(new RegExp(`^${consoleUrl}stubs`));
  expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.1' })).toBe('success');
  await expect(stubs.dataStubs).toBeVisible();
  // Pretty renders only the lines on screen; the Table lists every record.
  await stubs.dataStubs.getByRole('tab', { name: 'Table', exact: true }).click();
  await expect(stubs.dataStubs.getByRole('cell', { name: serviceUri })).toBeVisible();
  expect(await stubs.responseBody()).toContain(serviceUri);
  return stubs.curlCommand(true);
}

/**
 * A small bulk job on the Bulk register page; returns the transport the page said it used
 * (`relay`: through the console server's WebSocket; `direct`: one HTTP request per row).
 */
export async function smallBulkJob(page: Page, consoleUrl: string, rows = 20): Promise<string> {
  const stamp = Date.now();
  const csv = [
    'ServiceURI,MediaType',
    ...Array.from(
      { length: rows },
      (_, i) => `https://deploy.example.org/bulk/${stamp}/${i}.png,image`,
    ),
  ].join('\n');
  await page.goto(`${consoleUrl}bulk`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk register' })).toBeVisible();
  await page.getByLabel('CSV or TSV rows').fill(csv);
  await page.getByLabel('OpenIDKey', { exact: true }).fill(DEMO_KEY);
  await page.getByRole('button', { name: `Run ${rows} rows` }).click();
  await expect(page.getByRole('status').filter({ hasText: /Finished/ })).toHaveText(
    `Finished. ${rows} registered, 0 failed.`,
  );
  return (await page.getByTestId('bulk-transport').getAttribute('data-transport')) ?? 'none';
}
