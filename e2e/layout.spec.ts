/**
 * Layout at a phone's width and in Pretty: no page-wide sideways scroll at 390 px on the pages
 * whose results are wide (stubs in every view, Compare), and Pretty's line numbers level with
 * their lines.
 */
import type { Page } from '@playwright/test';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { ViewerPage, type ViewName } from './viewer/viewer-page.ts';

const PHONE = { width: 390, height: 844 };

/** How far the page is wider than the window, and the widest element that sticks out. */
async function pageOverflow(page: Page): Promise<{ overflow: number; widest: string }> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    let widest = '';
    let right = window.innerWidth;
    // Only boxes no scrolling ancestor contains: those are what make the page itself wider.
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= right + 0.5 || clipped(element)) continue;
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').slice(0, 40)}" (${Math.round(box.right)} px)`;
      }
    }
    return { overflow, widest };
  });
}

async function expectNoPageScroll(page: Page, where: string): Promise<void> {
  const { overflow, widest } = await pageOverflow(page);
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
