/**
 * XPath in the DataStubs viewer, against the emulator: a query typed with the keyboard only,
 * records, numbers and errors with a position, "Copy XPath" round trip from Tree and Table, the
 * query kept in the URL hash and run again from a link.
 */
import { expect, test } from '@playwright/test';
import { SEED_STUBS_KEY } from '../emulator/demo-users.ts';
import { expectAccessible } from './support/a11y.ts';
import { tabTo } from './support/keyboard.ts';
import { readClipboard, ViewerPage } from './viewer/viewer-page.ts';

// Exactly 5 stubs (playwright.config.ts seeds them).
const FIVE_STUBS = SEED_STUBS_KEY;

test('XPath by keyboard: records, a number, an error with its position; axe-clean', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  const box = viewer.viewer.getByRole('textbox', { name: 'XPath', exact: true });
  // The XPath tab, by keyboard: from the tab list, End (Raw) then one to the left.
  await tabTo(page, viewer.tab('Pretty'));
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.tab('XPath')).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.viewer.getByText('No default namespace')).toBeVisible();
  await tabTo(page, box);
  await page.keyboard.type('//Stub');
  await page.keyboard.press('Enter');
  const status = viewer.viewer.locator('.xv-status');
  await expect(status).toHaveText('XPath: 5 nodes.');
  const records = viewer.viewer.getByRole('table', { name: /5 Stub records/ });
  await expect(records.locator('tbody tr')).toHaveCount(5);
  await expect(records.getByRole('columnheader', { name: '@ID' })).toBeVisible();
  await expect(
    records.getByRole('button', { name: '/AssetStubs[1]/Stub[5]', exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#xpath=\/\/Stub$/);
  await expectAccessible(page, 'XPath: records table');

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('count(//Stub[@ID]) * 2');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('XPath: Number: 10.');

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type("//Stub[@ID='x'");
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('XPath: Error at character 7: "[" is not closed with "]".');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(viewer.viewer.locator('.xv-xpath-error mark')).toHaveText('[');
  await expectAccessible(page, 'XPath: error with position');
  // Nothing typed is lost.
  await expect(box).toHaveValue("//Stub[@ID='x'");
});

test("a Table record's XML and its XPath, with no other view opened first", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  const table = await viewer.open('Table');
  await table.locator('.xv-grid-scroll [role="row"]').nth(1).click();
  const record = table.getByRole('region', { name: 'Stub 2 XML' });
  await expect(record.locator('.xv-record-xml')).toContainText('<Stub');
  await record.getByRole('button', { name: 'Copy XPath' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('Copied the XPath of this node.');
  expect(await readClipboard(page)).toBe('/AssetStubs[1]/Stub[2]');
  await record.getByRole('button', { name: 'Copy record' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('Copied this record.');
  expect(await readClipboard(page)).toMatch(/^<Stub [\s\S]*<\/Stub>$/);
});

test('"Copy XPath" from Tree and Table selects exactly that node; the query link runs again', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);

  // Tree: the third Stub's Title text.
  const tree = await viewer.open('Tree');
  await tree.getByRole('tree').focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
  }
  await tree.getByRole('button', { name: 'Copy XPath' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('Copied the XPath of this node.');
  const treePath = await readClipboard(page);
  expect(treePath).toMatch(/^\/AssetStubs\[1\]\/Stub\[3\]\/[A-Za-z]+\[1\]$/);

  const box = viewer.viewer.getByRole('textbox', { name: 'XPath', exact: true });
  await viewer.open('XPath');
  await box.fill(treePath);
  await viewer.viewer.getByRole('button', { name: 'Run XPath' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('XPath: 1 node.');
  const results = viewer.viewer.getByRole('list', { name: 'XPath results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await results.getByRole('button', { name: treePath, exact: true }).click();
  await expect(viewer.tab('Tree')).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.panel().locator('.xv-path')).toHaveText(treePath.replace(/\[1\]/g, ''));

  // Table: the fourth record.
  const table = await viewer.open('Table');
  await table.locator('.xv-grid-scroll [role="row"]').nth(3).click();
  await table.getByRole('button', { name: 'Copy XPath' }).click();
  // The path is made in the XPath worker: the clipboard changes once it is back.
  const rowPath = '/AssetStubs[1]/Stub[4]';
  await expect.poll(() => readClipboard(page)).toBe(rowPath);
  await viewer.open('XPath');
  // The answer of the previous query was kept while Tree and Table were shown.
  await expect(viewer.viewer.getByRole('list', { name: 'XPath results' })).toBeVisible();
  await box.fill(rowPath);
  await viewer.viewer.getByRole('button', { name: 'Run XPath' }).click();
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('XPath: 1 node.');
  const records = viewer.viewer.getByRole('table', { name: /1 Stub record/ });
  await expect(records.getByRole('button', { name: rowPath, exact: true })).toBeVisible();
  await records.getByRole('button', { name: `Show ${rowPath} in Pretty` }).click();
  await expect(viewer.tab('Pretty')).toHaveAttribute('aria-selected', 'true');
  // The fourth <Stub>'s line is the active one, on screen.
  await expect(viewer.panel().locator('.xv-active-line')).toContainText('<Stub');
  await expect(viewer.panel().locator('.xv-active-line')).toBeInViewport();

  // The query is in the link; a page opened with it runs it again.
  const link = page.url();
  expect(link).toContain('xpath=/AssetStubs[1]/Stub[4]');
  await viewer.fetchStubs(FIVE_STUBS, { hash: new URL(link).hash });
  await expect(viewer.tab('XPath')).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveValue(rowPath);
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('XPath: 1 node.');
});
