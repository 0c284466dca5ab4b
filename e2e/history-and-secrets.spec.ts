import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';

/** Everything the browser keeps for this origin, as one string (e2e code has no DOM types). */
async function everythingStored(page: Page): Promise<string> {
  const inPage = await page.evaluate(`(async () => {
    const dump = { local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie, idb: {} };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((ok, ko) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
      for (const store of db.objectStoreNames) {
        dump.idb[info.name + '/' + store] = await new Promise((ok, ko) => {
          const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error);
        });
      }
      db.close();
    }
    return JSON.stringify(dump);
  })()`);
  const cookies = await page.context().cookies();
  return `${String(inPage)} ${JSON.stringify(cookies)} ${page.url()}`;
}

/** How many calls this page's History holds in IndexedDB. */
function storedCalls(page: Page): Promise<number> {
  return page.evaluate(`new Promise((ok, ko) => {
    const open = indexedDB.open('inode-console');
    open.onerror = () => ko(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('calls')) return ok(0);
      const count = db.transaction('calls').objectStore('calls').count();
      count.onsuccess = () => { ok(count.result); db.close(); };
      count.onerror = () => ko(count.error);
    };
  })`);
}

test('history survives reload, filters, re-runs, deletes and clears; the key is stored nowhere', async ({
  page,
  stubs,
  register,
  history,
  shell,
}) => {
  const assetType = `e2e-${Date.now()}`;
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, assetType, binding: 'SOAP 1.2' })).toBe('success');
  expect(await stubs.call({ key: 'no-such-key', binding: 'HTTP POST' })).toBe('business-failure');
  // History is written just after each answer is shown: Register is reached through the
  // console's own link, and the reload waits for the three entries, so that no page load cuts a
  // write short.
  await shell.nav('Register').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  expect(
    await register.register({
      key: DEMO_KEY,
      serviceUri: 'https://e2e.example.org/history',
      mediaType: 'document',
      binding: 'SOAP 1.1',
    }),
  ).toBe('success');
  await expect.poll(() => storedCalls(page)).toBe(3);

  await page.reload();
  await history.goto();
  await expect(history.rows).toHaveCount(3);
  await expect(history.rows.first()).toContainText('AddUserAssetIndex');
  await expect(history.rows.nth(2)).toContainText(`AssetType=${assetType}`);
  await expectAccessible(page, 'history');

  const stored = await everythingStored(page);
  expect(stored).toContain(assetType); // the dump really holds the history
  expect(stored).not.toContain(DEMO_KEY);
  expect(stored).not.toContain('no-such-key');

  await history.operationFilter.selectOption('GetAssetStubs');
  await expect(history.rows).toHaveCount(2);
  await history.outcomeFilter.selectOption({ label: 'Business failure' });
  await expect(history.rows).toHaveCount(1);
  await history.outcomeFilter.selectOption({ label: 'All outcomes' });
  await history.operationFilter.selectOption({ label: 'All operations' });

  // Re-run the first GetAssetStubs call: the form is filled, the key is not.
  await history.rows
    .nth(2)
    .getByRole('button', { name: /^Re-run/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/stubs\\?.*AssetType=${assetType}`));
  await expect(stubs.assetType).toHaveValue(assetType);
  await expect(stubs.binding).toHaveValue('soap12');

  await history.goto();
  await history.rows
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(history.rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('button', { name: 'Yes, clear all history' }).click();
  await expect(history.rows).toHaveCount(0);
  await expect(page.getByText('0 of 0 calls shown')).toBeVisible();
});

test('remembering the key for the tab is an explicit opt-in kept in sessionStorage only', async ({
  page,
  stubs,
}) => {
  await stubs.goto();
  await page.getByLabel(/Remember the key in this tab/).check();
  expect(await stubs.call({ key: DEMO_KEY })).toBe('success');
  await page.reload();
  await expect(stubs.key).toHaveValue(DEMO_KEY);
  const local = String(await page.evaluate('JSON.stringify({ ...localStorage })'));
  expect(local).not.toContain(DEMO_KEY);
  await page.getByLabel(/Remember the key in this tab/).uncheck();
  const session = String(await page.evaluate('JSON.stringify({ ...sessionStorage })'));
  expect(session).not.toContain(DEMO_KEY);
});
