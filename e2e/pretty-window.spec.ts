/**
 * Pretty on a payload of 60,000 lines: only the rows on screen are in the page, and every line
 * is still reachable: Ctrl+End, go to line, search, the scrollbar, folding by keyboard. The
 * answer is the emulator's own, with a large payload put in its DataStubs.
 */
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { answerWithDataStubs, ViewerPage } from './viewer/viewer-page.ts';

const STUBS = 20_000;
// Pretty-printed, each stub is 3 lines after the root's: <Stub …>, <Title>…</Title>, </Stub>.
const LINES = 1 + 3 * STUBS + 1;
const stub = (i: number) =>
  `<Stub ID="w-${i}" MediaType="image"><Title>Windowed stub ${i}</Title></Stub>`;

test('Pretty shows 60,000 lines through a window: every line reachable, few in the page', async ({
  page,
  request,
}) => {
  const body = await answerWithDataStubs(
    request,
    DEMO_KEY,
    `<AssetStubs xmlns="">${Array.from({ length: STUBS }, (_, i) => stub(i + 1)).join('')}</AssetStubs>`,
  );
  expect(body).toContain('Windowed stub 20000');
  await page.route('**/Inode.asmx/GetAssetStubs', (route) =>
    route.fulfill({ status: 200, contentType: 'text/xml; charset=utf-8', body }),
  );
  const viewer = new ViewerPage(page);
  await viewer.fetchStubs(DEMO_KEY, { binding: 'HTTP POST' });
  const panel = viewer.panel();
  await expect(panel.getByRole('status').filter({ hasText: /lines are in/ })).toHaveText(
    `All ${LINES.toLocaleString('en-US')} lines are in: search, folding and go to line are ready.`,
  );
  const lines = panel.getByRole('region', { name: 'Pretty-printed DataStubs XML' });
  const rows = lines.locator('.xv-line');
  const rowAt = (line: number) => lines.locator(`.xv-line[data-line="${line}"]`);
  expect(await rows.count()).toBeLessThan(120);

  // Ctrl+End: the last line, from the worker.
  await lines.focus();
  await page.keyboard.press('Control+End');
  await expect(rowAt(LINES)).toContainText('</AssetStubs>');
  await expect(lines.locator('.xv-active-line')).toHaveAttribute('data-line', String(LINES));
  expect(await rows.count()).toBeLessThan(120);

  // Go to line: the title of stub 10,000 is line 3 × 10,000.
  await panel.getByLabel('Go to line').fill('30000');
  await panel.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(rowAt(30_000)).toContainText('<Title>Windowed stub 10000</Title>');
  await expect(lines.locator('.xv-active-line')).toHaveAttribute('data-line', '30000');

  // Search: counted in the worker, the current match marked where it is.
  await panel.getByLabel('Search').fill('Windowed stub 15000<');
  await expect(panel.locator('.xv-match-status')).toHaveText('1 of 1');
  // The current match's text, across the colours it spans.
  await expect
    .poll(async () => (await lines.locator('.xv-search-current').allTextContents()).join(''))
    .toBe('Windowed stub 15000<');
  await expect(rowAt(45_000)).toHaveClass(/xv-active-line/);

  // The scrollbar: half way down shows the lines half way through.
  await lines.evaluate((element) => {
    element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
  });
  // The rows before the scroll (the search's, about line 45,000) are already past half way: wait
  // for the window the scroll asked for, within 200 lines of the middle either side.
  await expect
    .poll(async () => Math.abs(Number(await rows.first().getAttribute('data-line')) - LINES / 2))
    .toBeLessThan(200);
  await expect(rows.nth(20)).not.toHaveClass(/xv-line-pending/);

  // Fold by keyboard: the second stub's three lines become one row; the arrow moves past them.
  await panel.getByLabel('Go to line').fill('5');
  await panel.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(lines.locator('.xv-active-line')).toHaveAttribute('data-line', '5');
  await lines.focus();
  await page.keyboard.press('Control+Shift+BracketLeft');
  await expect(rowAt(5).locator('.xv-fold-placeholder')).toBeVisible();
  await expect(rowAt(5)).toContainText('</Stub>');
  await expect(rowAt(6)).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(lines.locator('.xv-active-line')).toHaveAttribute('data-line', '8');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Control+Shift+BracketRight');
  await expect(rowAt(6)).toContainText('Windowed stub 2');

  // Fold all: each stub is one row under the open root; unfold all brings every line back.
  await page.keyboard.press('Control+Alt+BracketLeft');
  await expect(rowAt(3)).toHaveCount(0);
  expect(
    await rows.evaluateAll((shown) =>
      shown.slice(0, 4).map((row) => row.getAttribute('data-line')),
    ),
  ).toEqual(['1', '2', '5', '8']);
  await page.keyboard.press('Control+Alt+BracketRight');
  await expect(rowAt(3)).toContainText('<Title>Windowed stub 1</Title>');
});
