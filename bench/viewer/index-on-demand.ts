/**
 * Index-on-demand scenario, for a size over the viewer's index limit (Tree and Table are built
 * only when asked): a fresh page with Table chosen; once the view offers to build the index, the
 * page and worker heap; the click on "Build the index for Table" → the whole table; the heap
 * then; the first Title sort and a filter clicked as the table is whole, a Created sort once the
 * page has been left 2 s; then the Tree's first rows; the longest main-thread task from the
 * click on.
 */
import { fileLabel, LIST_TASKS, TIMEOUT_MS, type SizeRun } from './config.ts';
import { profilePage } from './trace.ts';
import { heapMb } from './heap.ts';
import {
  filterTo,
  FIRST_ROW_CHANGED,
  inPage,
  longestTask,
  openStubsPage,
  readMarks,
  sortByColumn,
  STATUS_CHANGED,
  timeInPage,
  waitForWholeTable,
} from './page.ts';

const BUILD_BUTTON = 'Build the index for Table';

export async function measureIndexOnDemand(run: SizeRun): Promise<void> {
  try {
    await indexOnDemand(run);
  } catch (error) {
    // A tab that runs out of memory is a figure too: the bench goes on to the next size.
    run.results.indexOnDemandFailure =
      error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
}

async function indexOnDemand(run: SizeRun): Promise<void> {
  const { results } = run;
  const page = await openStubsPage(run, true);
  const build = page.getByRole('button', { name: BUILD_BUTTON });
  await build.waitFor({ timeout: TIMEOUT_MS });
  // The Pretty pass's own work after the answer (the summary line) is over: a settled page.
  await page.waitForTimeout(2000);
  const before = await heapMb(page);
  results.heapOverLimitPageMB = before.page;
  results.heapOverLimitWorkersMB = before.workers;
  // VIEWER_BENCH_CPU_PROFILE=prefix: the page's CPU profile from the click through the queries.
  const cpuProfile = process.env.VIEWER_BENCH_CPU_PROFILE;
  const stopProfile = cpuProfile ? await profilePage(page) : null;
  const clickedAt = await inPage<number>(
    page,
    `(() => { const t = performance.now(); [...document.querySelectorAll('button')].find((b) => b.textContent === ${JSON.stringify(BUILD_BUTTON)}).click(); return t; })()`,
  );
  await waitForWholeTable(page, 20);
  results.indexOnDemandToTable = (await inPage<number>(page, 'performance.now()')) - clickedAt;
  results.indexOnDemandRows = await page.locator('.xv-table .xv-match-status').innerText();
  results.indexOnDemandSortTitle = await timeInPage(page, sortByColumn('Title'), FIRST_ROW_CHANGED);
  results.indexOnDemandFilter = await timeInPage(page, filterTo('harbour'), STATUS_CHANGED);
  await page.waitForTimeout(2000);
  results.indexOnDemandSortCreated = await timeInPage(
    page,
    sortByColumn('Created'),
    FIRST_ROW_CHANGED,
  );
  // The Tree on the same index: the root's children, every record, are its rows.
  const treeClickedAt = await inPage<number>(
    page,
    `(() => { const t = performance.now(); [...document.querySelectorAll('[role=tab]')].find((b) => b.textContent === 'Tree').click(); return t; })()`,
  );
  await page
    .getByRole('treeitem', { level: 2 })
    .first()
    .filter({ hasText: '=' })
    .waitFor({ timeout: TIMEOUT_MS });
  results.indexOnDemandTree = (await inPage<number>(page, 'performance.now()')) - treeClickedAt;
  await stopProfile?.(`${cpuProfile}-index-on-demand-${fileLabel(run.size.label)}.cpuprofile`);
  const marks = await readMarks(page);
  results.indexOnDemandLongestTask = longestTask(marks.longTasks, clickedAt);
  if (LIST_TASKS) {
    const tasks = marks.longTasks
      .filter((t) => t.start >= clickedAt)
      .map((t) => `${Math.round(t.start - clickedAt)}: ${Math.round(t.duration)}`);
    console.log(
      `  [${run.size.label} index on request] tasks over 50 ms (from the click, ms): ${tasks.join(', ')}; whole table at ${Math.round(Number(results.indexOnDemandToTable))}`,
    );
  }
  const after = await heapMb(page);
  results.heapIndexedPageMB = after.page;
  results.heapIndexedWorkersMB = after.workers;
  await page.close();
}
