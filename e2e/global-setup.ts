/**
 * Warms the dev server before any test: on a cold start Vite optimizes dependencies after the
 * first page asks for them and then reloads that page, which would wipe a test's form mid-flow.
 * One real call here loads every lazy part (pages, the protocol client, the DataStubs viewer),
 * so the reload, if any, happens now.
 */
import { chromium, type FullConfig } from '@playwright/test';
import { DEMO_USERS } from '../emulator/demo-users.ts';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const use = config.projects[0]?.use;
  const baseURL = use?.baseURL;
  if (!baseURL) return;
  const browser = await chromium.launch(use.launchOptions ?? {});
  const page = await browser.newPage();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  try {
    for (const path of ['/settings', '/history', '/register', '/stubs']) {
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await page.getByLabel('OpenIDKey', { exact: true }).fill(DEMO_USERS[0]?.openIdKey ?? '');
    await page.getByRole('button', { name: 'Get asset stubs' }).click();
    await page.locator('section[data-outcome]').waitFor({ timeout: 30_000 });
    // Give a late optimizer pass the chance to reload, then wait until the page is quiet.
    let seen = -1;
    while (seen !== navigations) {
      seen = navigations;
      await page.waitForTimeout(1500);
    }
  } finally {
    await browser.close();
  }
}
