/**
 * Layout at a phone's width and in Pretty: no page-wide sideways scroll at 390 px on the pages
 * whose results are wide (stubs in every view, Compare), and Pretty's line numbers level with
 * their lines.
 */
import type { Page } from '@playwright/test';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { ViewerPage, type ViewName } from './viewer/viewer-page.ts';
import { PAGE_OVERFLOW, gutterBesideLines } from './support/page-geometry.ts';

const PHONE = { width: 390, height: 844 };

async function expectNoPageScroll(page: Page, where: string): Promise<void> {
  const { overflow, widest } = (await page.evaluate(PAGE_OVERFLOW)) as {
    overflow: number;
    widest: string;
  };
  expect(overflow, `${where}: the page scrolls sideways; widest: ${widest}`).toBeLessThanOrEqual(0);
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the stubs page fits in every view after a real call', async ({ page }) => {
    const viewer = new ViewerPage(page);
    await viewer.fetchStubs(DEMO_KEY);
    await expectNoPageScroll(page, 'Pretty');
    const tabs = viewer.viewer.getByRole('tablist', { name: 'DataStubs views' });
    // Every tab can be reached in the tabs' own strip.
    for (const name of ['Pretty', 'Tree', 'Table', 'XPath', 'Raw'] as const) {
      const tab = viewer.tab(name);
      await tab.scrollIntoViewIfNeeded();
      const box = await tab.boundingBox();
      const strip = await tabs.boundingBox();
      expect(box && strip && box.x >= strip.x - 0.5).toBe(true);
    }
    const views: ViewName[] = ['Tree', 'Table', 'XPath'];
    for (const name of views) {
      const panel = await viewer.open(name);
      if (name === 'Table') await expect(panel.getByRole('cell').first()).toBeVisible();
      if (name === 'Tree') await expect(panel.getByRole('treeitem').first()).toBeVisible();
      if (name === 'XPath') {
        await panel.getByRole('textbox').first().fill('//Stub');
        await panel.getByRole('textbox').first().press('Enter');
        await expect(panel.getByText(/\d+ nodes?/).first()).toBeVisible();
      }
      await expectNoPageScroll(page, name);
    }
  });

  test('Compare of two real entries fits, its table scrolling in its own box', async ({
    page,
    stubs,
  }) => {
    await stubs.goto();
    expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.1' })).toBe('success');
    await stubs.submitButton.click();
    expect(await stubs.outcomeKind()).toBe('success');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Compare' })
      .click();
    await page.getByLabel('Left').selectOption({ index: 1 });
    const history = page.getByLabel('Right').locator('option', { hasText: 'History:' }).first();
    await page.getByLabel('Right').selectOption({ label: (await history.textContent()) ?? '' });
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByTestId('compare-counts')).toBeVisible();
    await page.getByLabel('Only differences').uncheck();
    const table = page.getByRole('table', { name: 'Rows compared' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectNoPageScroll(page, 'Compare');
    // The table is whole: its own box scrolls to the last column, which then shows in full.
    const box = page.getByRole('region', { name: 'Rows compared, scrollable' });
    const lastColumn = await box.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      const last = element.querySelector('thead th:last-child');
      const outer = element.getBoundingClientRect();
      const cell = last?.getBoundingClientRect();
      return { boxRight: outer.right, cellRight: cell?.right ?? Infinity };
    });
    expect(lastColumn.boxRight).toBeLessThanOrEqual(PHONE.width);
    expect(lastColumn.cellRight).toBeLessThanOrEqual(lastColumn.boxRight + 1);
  });
});

test('Table: columns as wide as their content, resized by dragging or by the arrow keys', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(DEMO_KEY);
  const panel = await viewer.open('Table');
  const table = panel.getByRole('table');
  await expect(table.getByRole('cell').first()).toBeVisible();

  // Every value on screen reads whole: GUIDs and URIs are under the maximum width.
  const cut = await table
    .locator('.xv-grid-scroll [role="cell"]')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent ?? ''),
    );
  expect(cut).toEqual([]);

  const header = table.getByRole('columnheader').first();
  const firstCell = table.locator('.xv-grid-scroll [role="row"]').first().getByRole('cell').first();
  const widthOf = async (target: typeof header) => (await target.boundingBox())?.width ?? NaN;
  const before = await widthOf(header);
  const handle = header.getByRole('separator');
  await expect(handle).toHaveAccessibleName(/^Resize column /);

  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(Math.abs((await widthOf(header)) - (before + 32))).toBeLessThanOrEqual(1);
  expect(Math.abs((await widthOf(firstCell)) - (before + 32))).toBeLessThanOrEqual(1);

  const grip = await handle.boundingBox();
  if (!grip) throw new Error('the resize handle has no box');
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  const dragged = await widthOf(header);
  expect(Math.abs(dragged - (before + 92))).toBeLessThanOrEqual(1);
  expect(Math.abs((await widthOf(firstCell)) - dragged)).toBeLessThanOrEqual(1);

  // The width stays while the view lives: away to Pretty and back.
  await viewer.open('Pretty');
  await viewer.open('Table');
  expect(Math.abs((await widthOf(header)) - dragged)).toBeLessThanOrEqual(1);
});

test('Pretty: each line number stands level with its line', async ({ page }, testInfo) => {
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(DEMO_KEY);
  const panel = viewer.panel();
  await expect(panel.getByRole('status').filter({ hasText: /lines are in/ })).toBeVisible();
  // As a reader does: the lines scrolled into the window.
  await panel.locator('.xv-lines').scrollIntoViewIfNeeded();
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
  const rows = (await page.evaluate(gutterBesideLines(40))) as Array<{
    number: string;
    lineTop: number;
    lineHeight: number;
    gutterTop: number;
    gutterHeight: number;
  }>;
  await page.screenshot({ path: testInfo.outputPath('pretty-gutter.png') });
  await testInfo.attach('pretty-gutter', {
    path: testInfo.outputPath('pretty-gutter.png'),
    contentType: 'image/png',
  });
  expect(rows.length).toBeGreaterThanOrEqual(20);
  rows.forEach((row, i) => {
    const where = `line ${i + 1} beside number ${row.number}: ${JSON.stringify(row)}`;
    expect(row.number, where).toBe(String(i + 1));
    expect(Math.abs(row.gutterTop - row.lineTop), where).toBeLessThanOrEqual(1);
    expect(Math.abs(row.gutterHeight - row.lineHeight), where).toBeLessThanOrEqual(1);
  });
});
