/**
 * Index-on-demand scenario, for a size over the viewer's index limit (Tree and Table are built
 * only when asked): a fresh page with Table chosen; once the view offers to build the index, the
 * page and worker heap; the click on "Build the index for Table" → the whole table; the heap
 * then; the first Title sort and a filter clicked as the table is whole, a Created sort once the
 * page has been left 2 s; then the Tree's first rows; the longest main-thread task from the
 * click on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileLabel, LIST_TASKS, type SizeRun } from './config.ts';
import { profilePage } from './trace.ts';
import { heapMb } from './heap.ts';
import { FIRST_RECORD_IN_TREE } from './table.ts';
import {
  buttonNamed,
  filterTo,
  FIRST_ROW_CHANGED,
  inPage,
  innerText,
  longestTask,
  openStubsPage,
  readMarks,
  sortByColumn,
  STATUS_CHANGED,
  tabNamed,
  timeInPage,
  waitForWholeTable,
  waitInPage,
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
  await waitInPage(page, `!!${buttonNamed(BUILD_BUTTON)}`);
  // The Pretty pass's own work after the answer (the summary line) is over: a settled page.
  await sleep(2000);
  const before = await heapMb(page);
  results.heapOverLimitPageMB = before.page;
  results.heapOverLimitWorkersMB = before.workers;
  // VIEWER_BENCH_CPU_PROFILE=prefix: the page's CPU profile from the click through the queries.
  const cpuProfile = process.env.VIEWER_BENCH_CPU_PROFILE;
  const stopProfile = cpuProfile ? await profilePage(page) : null;
  const clickedAt = await inPage<number>(
    page,
    `(() => { const t = performance.now(); ${buttonNamed(BUILD_BUTTON)}.click(); return t; })()`,
  );
  await waitForWholeTable(page, 20);
  results.indexOnDemandToTable = (await inPage<number>(page, 'performance.now()')) - clickedAt;
  results.indexOnDemandRows = await innerText(page, '.xv-table .xv-match-status');
  results.indexOnDemandSortTitle = await timeInPage(page, sortByColumn('Title'), FIRST_ROW_CHANGED);
  results.indexOnDemandFilter = await timeInPage(page, filterTo('harbour'), STATUS_CHANGED);
  await sleep(2000);
  results.indexOnDemandSortCreated = await timeInPage(
    page,
    sortByColumn('Created'),
    FIRST_ROW_CHANGED,
  );
  // The Tree on the same index: the root's children, every record, are its rows.
  const treeClickedAt = await inPage<number>(
    page,
    `(() => { const t = performance.now(); ${tabNamed('Tree')}.click(); return t; })()`,
  );
  await waitInPage(page, FIRST_RECORD_IN_TREE);
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
