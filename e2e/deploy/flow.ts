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
  await expect(stubs.dataStubs).toContainText(serviceUri);
  expect(await stubs.responseBody()).toContain(serviceUri);
  return stubs.curlCommand(true);
}
