import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { expect, test } from './fixtures.ts';

const ALICE = 'demo-alice-key';
const BOB = 'demo-bob-key';

/** Counts the service calls the page sends from now on. */
function countServiceCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/Inode.asmx')) calls += 1;
  });
  return () => calls;
}

/** The key fingerprints History holds (read straight from IndexedDB; e2e code has no DOM types). */
async function storedFingerprints(page: Page): Promise<string[]> {
  const json = await page.evaluate(`(async () => {
    const db = await new Promise((ok, ko) => { const r = indexedDB.open('inode-console'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const calls = await new Promise((ok, ko) => { const r = db.transaction('calls').objectStore('calls').getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    db.close();
    return JSON.stringify(calls.map((c) => c.keyFingerprint));
  })()`);
  return JSON.parse(String(json)) as string[];
}

/** One History entry's labelled cell (a column on wide screens, a line of a card on narrow). */
function cell(row: Locator, label: string): Locator {
  return row.locator(`td[data-label="${label}"]`);
}

test('History says target, UserID and stubs; Re-run of alice’s entry with bob’s key sends nothing until the operator decides', async ({
  page,
  stubs,
  shell,
  history,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: ALICE, binding: 'SOAP 1.1' })).toBe('success');
  const aliceUserId = (await stubs.field('UserID').textContent())?.trim() ?? '';
  expect(aliceUserId).toMatch(/^user-[0-9a-f]{12}$/);
  expect(await stubs.call({ key: BOB, binding: 'HTTP POST' })).toBe('success');
  const bobUserId = (await stubs.field('UserID').textContent())?.trim() ?? '';
  expect(bobUserId).not.toBe(aliceUserId);

  // In-app navigation: bob's key stays in the form's memory, as it would for an operator.
  await shell.nav('History').click();
  await expect(history.rows).toHaveCount(2);
  const [bobRow, aliceRow] = [history.rows.nth(0), history.rows.nth(1)];
  await expect(cell(aliceRow, 'UserID')).toHaveText(aliceUserId);
  await expect(cell(bobRow, 'UserID')).toHaveText(bobUserId);
  await expect(cell(aliceRow, 'Stubs or result')).toHaveText(/^[1-9][\d,]* stubs?$/);
  await expect(cell(aliceRow, 'Target')).toHaveText(/\S/);
  await expect(cell(aliceRow, 'Binding')).toHaveText('SOAP 1.1');

  // Search finds an entry by its UserID, and nothing by a word no entry holds.
  const search = page.getByLabel('Search', { exact: true });
  await search.fill(aliceUserId);
  await expect(history.rows).toHaveCount(1);
  await expect(cell(history.rows.first(), 'UserID')).toHaveText(aliceUserId);
  await search.fill('HTTP POST success');
  await expect(history.rows).toHaveCount(1);
  await expect(cell(history.rows.first(), 'UserID')).toHaveText(bobUserId);
  await search.fill('no-entry-says-this');
  await expect(history.rows).toHaveCount(0);
  await search.fill('');
  await expect(history.rows).toHaveCount(2);

  // Re-run alice's entry while bob's key is in the form: stated, and nothing is sent.
  const sent = countServiceCalls(page);
  await aliceRow.getByRole('button', { name: /^Re-run/ }).click();
  const check = page.getByRole('alert').filter({ hasText: 'check the key' });
  await expect(check).toContainText(
    'This entry was made with another OpenIDKey than the one in the form.',
  );
  await expect(check).toContainText('Nothing has been sent.');
  await expect(page).toHaveURL(/\/history$/);
  await expectAccessible(page, 'history, re-run with another key');
  await check.getByRole('button', { name: 'Clear the key and fill the form' }).click();
  await expect(page).toHaveURL(/\/stubs\?.*binding=soap11/);
  await expect(stubs.key).toHaveValue('');
  await stubs.submitButton.click();
  await expect(page.getByText('Enter the OpenIDKey: the service needs it.')).toBeVisible();
  expect(sent()).toBe(0);

  // With alice's key typed again the call is hers.
  expect(await stubs.call({ key: ALICE })).toBe('success');
  await expect(stubs.field('UserID')).toHaveText(aliceUserId);

  // The same key as the entry's: Re-run fills the form at once.
  await shell.nav('History').click();
  await expect(history.rows).toHaveCount(3);
  await history.rows
    .first()
    .getByRole('button', { name: /^Re-run/ })
    .click();
  await expect(page).toHaveURL(/\/stubs\?/);
  await expect(stubs.key).toHaveValue(ALICE);
});

test('a stored response opens in the viewer from History, and History fits 390 px as cards', async ({
  page,
  stubs,
  history,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: ALICE })).toBe('success');
  expect(await stubs.call({ key: 'no-such-key', binding: 'HTTP GET' })).toBe('business-failure');
  await history.goto();
  await expect(history.rows).toHaveCount(2);
  const aliceRow = history.rows.nth(1);

  // The HAR export holds the responses, never the key nor the entries' key fingerprints.
  const fingerprints = await storedFingerprints(page);
  expect(fingerprints).toHaveLength(2);
  for (const fingerprint of fingerprints) expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: 'Export the 2 shown with a stored response as HAR' })
    .click();
  const har = readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(har).toContain('GetAssetStubs');
  for (const secret of [ALICE, 'no-such-key', ...fingerprints]) expect(har).not.toContain(secret);

  await aliceRow.getByRole('button', { name: /^Open the stored response/ }).click();
  const opened = page.getByRole('region', { name: /^Stored response of GetAssetStubs/ });
  await expect(opened.getByText(/^Stored in History: .*Nothing was sent\.$/)).toBeVisible();
  await expect(opened.locator('section[data-outcome="success"]')).toBeVisible();
  await expect(
    opened.getByRole('region', { name: 'DataStubs', exact: true }).first(),
  ).toBeVisible();
  await expect(opened.getByTestId('datastubs-summary')).toContainText('Stub');
  await opened.getByRole('button', { name: 'Close response' }).click();
  await expect(opened).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await history.goto();
  const cards = page.locator('.history-table tbody tr');
  await expect(cards).toHaveCount(2);
  await expect(cell(cards.first(), 'Outcome')).toBeVisible();
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
    390,
  );
  // Each entry is a card: its cells stack, one under the other.
  const [when, target] = await Promise.all([
    cell(cards.first(), 'When').boundingBox(),
    cell(cards.first(), 'Target').boundingBox(),
  ]);
  expect(target!.y).toBeGreaterThan(when!.y);
  await expectAccessible(page, 'history at 390 px');
});
