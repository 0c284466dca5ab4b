/**
 * The DataStubs viewer on the console's stubs page, against the embedded emulator: each view,
 * deep links, copy/download, and a hostile payload that must stay inert text.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, SEED_STUBS_KEY } from '../emulator/demo-users.ts';
import { expectAccessible } from './support/a11y.ts';
import {
  readClipboard,
  registerOverSoap,
  ViewerPage,
  withDataStubs,
} from './viewer/viewer-page.ts';

// Exactly 5 stubs (playwright.config.ts seeds them) that no other spec registers more of.
const FIVE_STUBS = SEED_STUBS_KEY;
const ERIN = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';

test('Pretty view: highlighted, foldable, searchable with a match count, go to line', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  await expect(viewer.viewer.getByText('Arrived as')).toContainText('literal XML');
  await expect(viewer.tab('Pretty')).toHaveAttribute('aria-selected', 'true');
  const panel = viewer.panel();
  await expect(panel.locator('.xv-lines')).toContainText('<AssetStubs');
  expect(await viewer.editorText()).toMatch(/^ {2}<Stub ID="[^"]+"/m);
  // XML highlighting: tag names get their own styled spans once every line is loaded.
  await expect(
    panel
      .locator('.xv-line')
      .first()
      .locator('span', { hasText: /^AssetStubs$/ }),
  ).toHaveCount(1);

  // The progressive state ends with one announcement in a live region.
  await expect(panel.getByRole('status').filter({ hasText: /lines are in/ })).toHaveText(
    /^All \d+ lines are in: search, folding and go to line are ready\.$/,
  );
  await panel.getByLabel('Search').fill('Stub');
  const status = panel.locator('.xv-match-status');
  await expect(status).toHaveText(/^1 of \d+$/);
  const total = Number((await status.textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(10); // 5 stubs: open and close tags
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(status).toHaveText(`2 of ${total}`);
  await panel.getByRole('button', { name: 'Previous' }).click();
  await panel.getByRole('button', { name: 'Previous' }).click();
  await expect(status).toHaveText(`${total} of ${total}`);

  // Folding the first <Stub> hides its <Title> line.
  const titleLines = () => panel.locator('.xv-line', { hasText: '<Title>' }).count();
  const before = await titleLines();
  await panel.locator('.xv-fold-marker button').nth(1).click();
  await expect(panel.locator('.xv-fold-placeholder')).toHaveCount(1);
  expect(await titleLines()).toBeLessThan(before);

  await panel.getByLabel('Go to line').fill('3');
  await panel.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(panel.locator('.xv-active-line')).toHaveAttribute('data-line', '3');
  await panel.getByLabel('Go to line').fill('999999');
  await panel.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('Enter a line from 1 to');
});

test('Pretty shows the first lines even while the viewer worker never starts', async ({ page }) => {
  // The worker's script is held back for the whole test: what Pretty shows is printed on the page.
  await page.route(/viewer\.worker/, () => undefined);
  const viewer = new ViewerPage(page);
  await page.goto('/stubs');
  await page.getByLabel('OpenIDKey', { exact: true }).fill(FIVE_STUBS);
  await page.getByRole('button', { name: 'Get asset stubs' }).click();
  const panel = viewer.panel();
  await expect(panel.locator('.xv-lines')).toContainText('<AssetStubs');
  expect(await viewer.editorText()).toMatch(/^ {2}<Stub ID="[^"]+"/m);
  // Search, folding and go to line wait for the worker, and say so.
  await expect(panel.locator('.xv-loading')).toContainText('Pretty-printing the payload');
  await expect(viewer.viewer.getByText(/lines pretty-printed/)).toHaveCount(0);
});

test('Tree view: expands lazily and moves by keyboard; a node deep-links through the URL hash', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  const panel = await viewer.open('Tree');
  const tree = panel.getByRole('tree', { name: 'DataStubs elements' });
  const root = tree.getByRole('treeitem', { level: 1 });
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  const stubs = tree.getByRole('treeitem', { level: 2 });
  await expect(stubs).toHaveCount(5);
  await expect(stubs.first()).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('treeitem', { level: 3 })).toHaveCount(0);

  await tree.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(stubs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(stubs.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { level: 3 }).first()).toContainText('<Title>');
  await page.keyboard.press('ArrowLeft');
  await expect(stubs.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/#node=\/AssetStubs\/Stub\[2\]$/);
  const secondId = /ID="([^"]+)"/.exec((await stubs.nth(1).textContent()) ?? '')?.[1];
  expect(secondId).toBeTruthy();

  // Opening a link with the hash lands on that node in the Tree view.
  await viewer.fetchStubs(FIVE_STUBS, { hash: '#node=/AssetStubs/Stub[2]' });
  await expect(viewer.tab('Tree')).toHaveAttribute('aria-selected', 'true');
  const focused = viewer.panel().getByRole('treeitem', { selected: true });
  await expect(focused).toContainText(`ID="${secondId}"`);
  await expect(viewer.panel().locator('.xv-path')).toHaveText('/AssetStubs/Stub[2]');
  // The console's router drops the hash on submit; the viewer puts the link back.
  await expect(page).toHaveURL(
    /\/stubs\?.*#node=\/AssetStubs\/Stub\[2\]$|\/stubs#node=\/AssetStubs\/Stub\[2\]$/,
  );
});

test('Table view: one row per stub, sortable, filterable, row XML, CSV download', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  const panel = await viewer.open('Table');
  const table = panel.getByRole('table', { name: 'Stub records' });
  const bodyRows = table.locator('.xv-grid-scroll [role="row"]');
  await expect(bodyRows).toHaveCount(5);
  await expect(table.getByRole('columnheader', { name: 'MediaType' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Title' })).toBeVisible();

  const mediaTypes = async () =>
    bodyRows.evaluateAll((rows) =>
      rows
        .sort(
          (a, b) =>
            Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
        )
        .map((row) => row.querySelectorAll('[role="cell"]')[3]?.textContent ?? ''),
    );
  await table.getByRole('button', { name: 'MediaType' }).click();
  await expect(table.getByRole('columnheader', { name: 'MediaType' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(mediaTypes).toEqual(['audio', 'document', 'image', 'video', 'video']);
  await table.getByRole('button', { name: 'MediaType' }).click();
  await expect.poll(mediaTypes).toEqual(['video', 'video', 'image', 'document', 'audio']);

  await panel.getByLabel('Filter').fill('video');
  await expect(bodyRows).toHaveCount(2);
  await expect(panel.getByText('2 of 5 Stub records')).toBeVisible();

  await bodyRows.first().click();
  const record = panel.getByRole('region', { name: /Stub \d+ XML/ });
  await expect(record.locator('pre')).toContainText('<Stub ID=');
  await expect(record.locator('pre')).toContainText('MediaType="video"');
  await expect(page).toHaveURL(/#node=\/AssetStubs\/Stub\[\d\]$/);

  await panel.getByText('Columns', { exact: true }).click();
  await panel.getByRole('checkbox', { name: /^Source/ }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Source' })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toContain('ID,Type,ServiceURI,MediaType,Title');
  expect(lines[0]).not.toContain('Source');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.includes('video'))).toBe(true);
});

test('over the index limit (Settings), Tree, Table and XPath build the index when asked', async ({
  page,
}) => {
  await page.goto('/settings');
  const limit = page.getByLabel('Tree and Table built at once up to (MB)');
  await expect(limit).toHaveValue('50');
  await limit.fill('0.001');
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS);
  const panel = await viewer.open('Table');
  await expect(panel.getByRole('alert')).toHaveText(
    /^The payload is [\d.]+ KB, over the 1\.0 KB limit for building the tree and table views at once\. The Pretty and Raw views and the download still work\.$/,
  );
  await expect(panel).toContainText(/It takes about [\d.]+ KB of memory in this tab/);
  await expectAccessible(page, 'Table over the index limit');
  // XPath says the same and offers the same; nothing is built until asked.
  const xpath = await viewer.open('XPath');
  await expect(xpath.getByRole('button', { name: 'Build the index for XPath' })).toBeVisible();

  await viewer.open('Table');
  // By keyboard: the button goes once pressed, and focus waits on the Table's tab.
  await panel.getByRole('button', { name: 'Build the index for Table' }).focus();
  await page.keyboard.press('Enter');
  await expect(viewer.tab('Table')).toBeFocused();
  const table = panel.getByRole('table', { name: 'Stub records' });
  await expect(table.locator('.xv-grid-scroll [role="row"]')).toHaveCount(5);
  await table.getByRole('button', { name: 'MediaType' }).click();
  await expect(table.getByRole('columnheader', { name: 'MediaType' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const tree = (await viewer.open('Tree')).getByRole('tree', { name: 'DataStubs elements' });
  await expect(tree.getByRole('treeitem', { level: 2 })).toHaveCount(5);
  await viewer.open('XPath');
  const box = viewer.viewer.getByRole('textbox', { name: 'XPath', exact: true });
  await box.fill('//Stub');
  await box.press('Enter');
  await expect(viewer.viewer.locator('.xv-status')).toHaveText('XPath: 5 nodes.');

  // The setting stays; a value it cannot take says so and keeps the last valid one.
  await page.goto('/settings');
  await expect(limit).toHaveValue('0.001');
  await limit.fill('0');
  await expect(
    page.getByText(/Enter a number of megabytes up to 500, at least 1\.0 KB/),
  ).toBeVisible();
  await page.reload();
  await expect(limit).toHaveValue('0.001');
});

test('Raw view shows the response exactly as received; copy and download .xml give the payload', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(FIVE_STUBS, { binding: 'HTTP GET' });
  const panel = await viewer.open('Raw');
  const raw = panel.getByRole('region', { name: 'Raw response body' });
  await expect(raw).toContainText('<?xml version="1.0" encoding="utf-8"?>');
  await expect(raw).toContainText('_Inode');

  await viewer.viewer.getByRole('button', { name: 'Copy XML' }).click();
  await expect(viewer.viewer.getByRole('status')).toHaveText('Copied the whole payload.');
  const copied = await readClipboard(page);
  expect(copied).toMatch(/^<AssetStubs[\s\S]*<\/AssetStubs>$/);

  const downloadPromise = page.waitForEvent('download');
  await viewer.viewer.getByRole('button', { name: 'Download .xml' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  expect(await readFile(await download.path(), 'utf8')).toBe(copied);
});

test('a hostile payload stays inert text in every view', async ({ page, request }) => {
  const hostile = [
    [
      'javascript:window.__pwned=1//<script>window.__pwned=2</script>',
      '<img src=x onerror="window.__pwned=3">',
    ],
    ['https://x.example/"><svg onload="window.__pwned=4">', 'javascript:alert(5)'],
  ] as const;
  for (const [serviceUri, mediaType] of hostile)
    await registerOverSoap(request, ERIN, serviceUri, mediaType);

  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(ERIN);
  const startUrl = page.url();

  const assertInert = async () => {
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(
      await viewer.viewer
        .locator('script, img, svg, iframe, object, embed, a[href^="javascript"]')
        .count(),
    ).toBe(0);
    expect(dialogs).toBe(0);
    expect(page.url().split('#')[0]).toBe(startUrl.split('#')[0]);
  };

  await expect(viewer.panel().locator('.xv-lines')).toContainText('onerror=');
  await assertInert();

  const tree = await viewer.open('Tree');
  await expect(tree.getByRole('tree')).toContainText('<script>window.__pwned=2</script>');
  await tree.getByRole('treeitem', { level: 2 }).first().click();
  await assertInert();

  const table = await viewer.open('Table');
  await expect(table.getByRole('table')).toContainText('<img src=x onerror="window.__pwned=3">');
  await table.locator('.xv-grid-scroll [role="row"]').first().click();
  await expect(table.locator('pre')).toContainText('javascript:');
  await assertInert();

  const raw = await viewer.open('Raw');
  await expect(raw).toContainText('&lt;script&gt;');
  await assertInert();
  await page.waitForTimeout(500);
  await assertInert();
});

test('a malformed DataStubs gets one message, with line and column, on every tab; Raw shows it', async ({
  page,
}) => {
  await page.route('**/Inode.asmx/GetAssetStubs', async (route) => {
    const response = await route.fetch();
    const body = withDataStubs(
      await response.text(),
      '&lt;AssetStubs&gt;\n&lt;Stub ID="1"&gt;&lt;/AssetStubs&gt;',
    );
    await route.fulfill({ response, body });
  });
  await page.goto('/stubs');
  await page.getByLabel('Binding', { exact: true }).selectOption({ label: 'HTTP POST' });
  await page.getByLabel('OpenIDKey', { exact: true }).fill(FIVE_STUBS);
  await page.getByRole('button', { name: 'Get asset stubs' }).click();
  const viewer = new ViewerPage(page);
  await expect(viewer.viewer).toBeVisible();

  // Raw first: what arrived, exactly.
  await expect(viewer.tab('Raw')).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.panel()).toContainText('&lt;Stub ID="1"&gt;&lt;/AssetStubs&gt;');

  const reason =
    'The end tag </AssetStubs> does not match <Stub>: expected </Stub> (line 2, column 14)';
  for (const name of ['Pretty', 'Tree', 'Table', 'XPath'] as const) {
    const panel = await viewer.open(name);
    await expect(panel.getByRole('alert')).toHaveText(
      `This payload is not well-formed XML, so it cannot be shown as ${name === 'XPath' ? 'XPath' : name.toLowerCase()}: ${reason}. The Raw view shows it exactly as received.`,
    );
  }
});
