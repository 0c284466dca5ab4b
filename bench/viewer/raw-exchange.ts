/**
 * Raw exchange scenario, on the page the Pretty loads left: opening the raw exchange panel until
 * the response body's first rows are painted, and the longest task meanwhile. Baseline in the same
 * page: the same body text, as much as the panel shows, laid out in one `<pre>` as a plain text
 * view would (and as this panel did before its rows were virtual).
 */
import type { BarePage } from '../support/bare-chromium.ts';
import type { Results } from './config.ts';
import { inPage, longestTask, readMarks, stubsUrl, timeInPage, waitInPage } from './page.ts';

/** Matches SHOWN_LIMIT in src/components/raw-exchange/raw-exchange-body.tsx. */
const SHOWN_CHARS = 1_000_000;
const BODY_ROWS = `document.querySelector('details.raw-exchange section[aria-label="Response"] .wrapped-text-row')`;

export async function measureRawExchange(page: BarePage, origin: string, results: Results) {
  const before = await inPage<number>(page, 'performance.now()');
  results.rawExchangeOpen = await timeInPage(
    page,
    `document.querySelector('details.raw-exchange > summary').click();`,
    `${BODY_ROWS} !== null`,
  );
  const marks = await readMarks(page);
  results.longestTaskRawExchange = longestTask(marks.longTasks, before);

  await inPage(
    page,
    `fetch(${JSON.stringify(stubsUrl(origin))}).then((r) => r.text()).then((t) => { window.__rawText = t.slice(0, ${SHOWN_CHARS}); })`,
  );
  await waitInPage(page, 'window.__rawText !== undefined');
  const baselineStart = await inPage<number>(page, 'performance.now()');
  results.rawExchangePreBaseline = await timeInPage(
    page,
    `const pre = document.createElement('pre');
     pre.style.cssText = 'white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24rem; overflow: auto; font-family: monospace; font-size: 0.85rem';
     pre.textContent = window.__rawText;
     document.body.prepend(pre);`,
    'true',
  );
  const after = await readMarks(page);
  results.longestTaskPreBaseline = longestTask(after.longTasks, baselineStart);
}
