/**
 * Load scenario: REPEATS fresh loads of the Pretty view (the default tab), the median of each
 * figure (response → viewer mounted, → first screen, → every line; the longest tasks before and
 * after the viewer mounted); then, on the last page, Ctrl+End to the last line, a search, and
 * the scrolls of scroll.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BarePage } from '../support/bare-chromium.ts';
import { median } from '../support/median.ts';
import {
  LIST_TASKS,
  REPEATS,
  TIMEOUT_MS,
  TRACE,
  TYPING_MS,
  type Results,
  type SizeRun,
} from './config.ts';
import {
  bodyBytes,
  innerText,
  longestTask,
  openPage,
  openStubsPage,
  readMarks,
  timeInPage,
  typeInto,
  waitForMark,
  waitForMarkOrAlert,
  waitInPage,
} from './page.ts';
import { measureScrolls, PRETTY_SCROLL } from './scroll.ts';
import { tracedPrettyLoad } from './trace.ts';

const SEARCH_FIELD = '.xv-pretty input[type=search]';
const MATCH_STATUS = `document.querySelector('.xv-pretty .xv-match-status')?.textContent`;
/** "1 of 1,200,002", or with " (first million reachable)" past a million matches. */
const MATCHES_COUNTED = `/ of [\\d,]+/.test(${MATCH_STATUS} ?? '')`;

/** @returns the last load's page, still open. */
export async function measurePrettyLoads(run: SizeRun): Promise<BarePage> {
  const { size, results } = run;
  const runs: Array<Record<string, number>> = [];
  let page: BarePage | null = null;
  let facts = '';
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    if (page) await page.close();
    page = await openStubsPage(run, false);
    await waitInPage(
      page,
      `window.__bench.marks.pretty !== undefined || document.querySelector('[data-view="pretty"] [role="alert"]') !== null`,
      { pollingMs: 100 },
    );
    await waitInPage(
      page,
      `window.__bench.marks.prettyLoaded !== undefined || document.querySelector('[data-view="pretty"] [role="alert"]') !== null`,
    );
    const marks = await readMarks(page);
    const viewerStart = marks.marks.viewer ?? 0;
    const submit = marks.marks.submit ?? Number.NaN;
    if (LIST_TASKS) {
      const since = (at: number) => Math.round(at - marks.responseEnd);
      const tasks = marks.longTasks.map((t) => `${since(t.start)}: ${Math.round(t.duration)}`);
      console.log(
        `  [${size.label} load ${repeat + 1}] tasks over 50 ms (from the response, ms): ${tasks.join(', ')}; submit at ${since(submit)}, first byte at ${since(marks.responseStart)}, first lines at ${since(marks.marks.prettyDom ?? Number.NaN)}, viewer mounted at ${since(viewerStart)}`,
      );
    }
    // A search typed as soon as every line is ready, while the worker still reads the index,
    // the table and the summary line; then cleared, so the figures below start from none.
    const searchAtOnce =
      marks.marks.prettyLoaded === undefined
        ? Number.NaN
        : await timeInPage(page, typeInto(SEARCH_FIELD, 'Stub'), MATCHES_COUNTED);
    if (Number.isFinite(searchAtOnce))
      await timeInPage(page, typeInto(SEARCH_FIELD, ''), `!(${MATCH_STATUS})`);
    runs.push({
      searchAtOnce,
      bodyMB: (await bodyBytes(page)) / 1_000_000,
      responseToViewerMounted: viewerStart - marks.responseEnd,
      responseToPretty: (marks.marks.pretty ?? Number.NaN) - marks.responseEnd,
      // What a user waits for, the service's time included: issue 24 sets it against the native viewer.
      submitToPretty: (marks.marks.pretty ?? Number.NaN) - submit,
      submitToRequest: marks.requestStart - submit,
      submitToFirstByte: marks.responseStart - submit,
      submitToResponse: marks.responseEnd - submit,
      // The first lines from the answer's head while it still arrives (before its end: < 0).
      responseToHead: (marks.marks.head ?? Number.NaN) - marks.responseEnd,
      responseToViewerPretty: (marks.marks.viewerPretty ?? Number.NaN) - marks.responseEnd,
      responseToAllLines: (marks.marks.prettyLoaded ?? Number.NaN) - marks.responseEnd,
      longestTaskBeforeViewer: longestTask(
        marks.longTasks,
        marks.marks.submit ?? -Infinity,
        viewerStart,
      ),
      longestViewerTaskLoading: longestTask(marks.longTasks, viewerStart),
      longestTaskAfterResponse: longestTask(marks.longTasks, marks.responseEnd),
      // The whole load as a person waits through it: the click, the answer's arrival, the head.
      longestTaskFromSubmit: longestTask(marks.longTasks, submit),
    });
    facts = await innerText(page, '.xv-facts');
  }
  if (!page) throw new Error('VIEWER_BENCH_REPEATS must be at least 1');
  if (TYPING_MS > 0) await measureTypedLoads(run);
  if (TRACE) {
    await page.close();
    page = await openPage(run);
    await tracedPrettyLoad(run, page);
    await waitForMark(page, 'prettyLoaded');
  }
  for (const key of Object.keys(runs[0] ?? {})) {
    results[key] = median(runs.map((r) => r[key] ?? Number.NaN));
  }
  results.prettyRuns = runs.map((r) => Math.round(r.responseToPretty ?? 0)).join(', ');
  results.facts = facts.split('\n').slice(-1)[0] ?? '';
  await measureScrollAndSearch(page, facts, results);
  return page;
}

/**
 * Ctrl+End to the last line, a search for "Stub" until its match count shows, and, the search
 * cleared, the scrolls of scroll.ts.
 */
async function measureScrollAndSearch(page: BarePage, facts: string, results: Results) {
  const lineCount = Number(
    /([\d,]+) lines pretty-printed/.exec(facts)?.[1]?.replace(/,/g, '') ?? 'NaN',
  );
  if (!Number.isFinite(lineCount)) return;
  results.scrollToEnd = await timeInPage(
    page,
    // Ctrl+End, as a person would: the last line becomes the active one, its text from the worker.
    `const c = document.querySelector('.xv-pretty .xv-lines'); c.focus(); c.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', code: 'End', keyCode: 35, ctrlKey: true, bubbles: true, cancelable: true }));`,
    `!!document.querySelector('.xv-pretty .xv-line[data-line="${lineCount}"] .xv-line-text')?.textContent`,
  );
  results.searchStubCount = await timeInPage(page, typeInto(SEARCH_FIELD, 'Stub'), MATCHES_COUNTED);
  // Scrolled with no search, as the page first shows.
  await timeInPage(page, typeInto(SEARCH_FIELD, ''), `!(${MATCH_STATUS})`);
  await measureScrolls(page, PRETTY_SCROLL, results);
}

/**
 * Submit → the first Pretty screen and the first Table rows on pages whose form is sent
 * TYPING_MS after they opened, when the page has had the time a person takes to type a key.
 */
async function measureTypedLoads(run: SizeRun): Promise<void> {
  // Over the index limit the Table is refused: no rows to wait for.
  for (const table of run.size.table ? [false, true] : [false]) {
    const page = await openStubsPage(run, table, TYPING_MS);
    const mark = table ? 'table' : 'pretty';
    await waitForMarkOrAlert(page, mark);
    let marks = await readMarks(page);
    // The request's timings come with the browser's event for its end, after the first screen.
    for (let waited = 0; Number.isNaN(marks.requestStart) && waited < TIMEOUT_MS; waited += 100) {
      await sleep(100);
      marks = await readMarks(page);
    }
    const submit = marks.marks.submit ?? Number.NaN;
    run.results[table ? 'typedSubmitToTable' : 'typedSubmitToPretty'] =
      (marks.marks[mark] ?? Number.NaN) - submit;
    if (!table) {
      run.results.typedSubmitToRequest = marks.requestStart - submit;
      // The page's tasks from the answer's end to every line ready, at a person's pace: the
      // fonts matched and the workers warm before the call, as when a key is typed.
      await waitForMark(page, 'prettyLoaded');
      await sleep(500);
      marks = await readMarks(page);
      run.results.typedLongestTaskAfterResponse = longestTask(marks.longTasks, marks.responseEnd);
      run.results.typedLongestTaskFromSubmit = longestTask(marks.longTasks, submit);
      if (LIST_TASKS) {
        const since = (at: number) => Math.round(at - marks.responseEnd);
        const tasks = marks.longTasks
          .filter((t) => t.start >= submit)
          .map((t) => `${since(t.start)}: ${Math.round(t.duration)}`);
        console.log(
          `  [${run.size.label} load sent after ${TYPING_MS / 1000} s] tasks over 50 ms from the submit (ms from the response): ${tasks.join(', ') || 'none'}; submit at ${since(submit)}, first lines at ${since(marks.marks.prettyDom ?? Number.NaN)}, viewer mounted at ${since(marks.marks.viewer ?? Number.NaN)}`,
        );
      }
    }
    await page.close();
  }
}
