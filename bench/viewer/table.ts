/**
 * Table scenario: a fresh page whose Table tab is chosen as soon as it exists; response → the
 * whole table; sorting by Title (both ways) and SizeBytes, filtering and clearing the filter; the
 * longest tasks of the table's work; the heap with the table; the scrolls of scroll.ts; the heap
 * with the Tree opened on the same page; then, each on a fresh page loaded the same way, the
 * first Title sort and the first filter as a person makes them (the pointer resting on the header
 * before the click, the field focused before the text) and as the bench makes them. Response and
 * submit → first rows are the medians over these four loads.
 */
import { LIST_TASKS, type SizeRun } from './config.ts';
import { heapMb } from './heap.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from '../support/median.ts';
import {
  filterTo,
  FIRST_ROW_CHANGED,
  FIRST_ROWS_FILLED,
  inPage,
  innerText,
  longestTask,
  openPage,
  openStubsPage,
  type PageMarks,
  readMarks,
  sortByColumn,
  timeFirstAndWhole,
  WHOLE_ANSWER,
  STATUS_CHANGED,
  timeInPage,
  tabNamed,
  waitForMark,
  waitForWholeTable,
  waitInPage,
} from './page.ts';
import { measureScrolls, TABLE_SCROLL } from './scroll.ts';
import { keptTableTrace } from './trace.ts';

/** In-page: the Tree shows its first record (the first row of level 2) with its attributes. */
export const FIRST_RECORD_IN_TREE = `document.querySelector('[role="treeitem"][aria-level="2"]')?.textContent.includes('=')`;

/** When one Table load's first rows were painted, from its response's last byte and its submit. */
interface FirstRows {
  fromResponse: number;
  fromSubmit: number;
}

function firstRowsOf({ marks, responseEnd }: PageMarks): FirstRows {
  return {
    fromResponse: marks.table! - responseEnd,
    fromSubmit: marks.table! - (marks.submit ?? Number.NaN),
  };
}

export async function measureTable(run: SizeRun): Promise<void> {
  const { size, results } = run;
  const tablePage = await openStubsPage(run, true);
  await waitForMark(tablePage, 'table');
  // The first rows may be a preview; sorting and filtering wait for the whole table.
  await waitForWholeTable(tablePage, 20);
  const table = await readMarks(tablePage);
  // Every fresh Table page below loads the answer the same way: the first rows' figures are the
  // median of them all, as Pretty's are of its loads.
  const firstRows: FirstRows[] = [firstRowsOf(table)];
  results.responseToWholeTable =
    (await inPage<number>(tablePage, 'performance.now()')) - table.responseEnd;
  const rowsText = await innerText(tablePage, '.xv-table .xv-match-status');
  results.tableRows = rowsText;
  const sortsStarted = await inPage<number>(tablePage, 'performance.now()');
  // Each query clicked as soon as the last one's first rows are shown (a sort of a column not
  // ranked yet, or a filter while the search text is being built, shows those before its whole
  // answer: see wholeAnswers for that).
  results.sortTitleAsc = await timeInPage(tablePage, sortByColumn('Title'), FIRST_ROW_CHANGED);
  results.sortTitleDesc = await timeInPage(tablePage, sortByColumn('Title'), FIRST_ROW_CHANGED);
  results.sortSizeAsc = await timeInPage(tablePage, sortByColumn('SizeBytes'), FIRST_ROW_CHANGED);
  results.filterHarbour = await timeInPage(tablePage, filterTo('harbour'), STATUS_CHANGED);
  results.filterClear = await timeInPage(tablePage, filterTo(''), STATUS_CHANGED);
  // A column not sorted yet, once the worker's work after the table is over (the search text
  // it builds between requests): the sort's own cost, as a user who reads the table first meets it.
  await sleep(2000);
  results.sortCreatedSettled = await timeInPage(
    tablePage,
    sortByColumn('Created'),
    FIRST_ROW_CHANGED,
  );
  const all = await readMarks(tablePage);
  results.longestViewerTaskTable = longestTask(all.longTasks, all.marks.viewer ?? 0);
  if (LIST_TASKS) {
    const since = (at: number) => Math.round(at - all.responseEnd);
    const tasks = all.longTasks.map((t) => `${since(t.start)}: ${Math.round(t.duration)}`);
    console.log(
      `  [${size.label} table] tasks over 50 ms (from the response, ms): ${tasks.join(', ')}; submit at ${since(all.marks.submit ?? Number.NaN)}, first rows at ${since(all.marks.table ?? Number.NaN)}, viewer mounted at ${since(all.marks.viewer ?? Number.NaN)}, sorts from ${since(sortsStarted)}`,
    );
  }
  results.longestTaskAfterResponseTable = longestTask(all.longTasks, all.responseEnd);
  results.longestTaskFromSubmitTable = longestTask(all.longTasks, all.marks.submit ?? Number.NaN);
  const tableHeap = await heapMb(tablePage);
  results.heapTablePageMB = tableHeap.page;
  results.heapTableWorkersMB = tableHeap.workers;
  // After the heap figures, which the rows' cells fetched while scrolling would count.
  await measureScrolls(tablePage, TABLE_SCROLL, results);
  // The Tree on the same page: its rows' texts come from the worker, as the Table's record XML.
  await tablePage.click(tabNamed('Tree'));
  await waitInPage(tablePage, FIRST_RECORD_IN_TREE);
  const treeHeap = await heapMb(tablePage);
  results.heapTreePageMB = treeHeap.page;
  results.heapTreeWorkersMB = treeHeap.workers;
  await tablePage.close();
  await asAPersonQueries(run, results, firstRows);
  await wholeAnswers(run, results, firstRows);
  results.responseToTable = median(firstRows.map((f) => f.fromResponse));
  results.submitToTable = median(firstRows.map((f) => f.fromSubmit));
  results.tableRuns = firstRows.map((f) => Math.round(f.fromResponse)).join(', ');
  const tracedTablePage = await openPage(run);
  await keptTableTrace(run, tracedTablePage);
  await tracedTablePage.close();
}

/** A fresh page with the Table chosen, once its whole table is there; its first rows told. */
async function freshTable(run: SizeRun, firstRows: FirstRows[]) {
  const page = await openStubsPage(run, true);
  await waitForMark(page, 'table');
  await waitForWholeTable(page, 20);
  firstRows.push(firstRowsOf(await readMarks(page)));
  return page;
}

/**
 * On a fresh page the moment the whole table is there, the first Title sort (no pointer before
 * it) and then a filter, each timed to its first rows and to its whole answer (every row in
 * order, and the filter's count), the next one clicked once the whole answer is in.
 */
async function wholeAnswers(
  run: SizeRun,
  results: SizeRun['results'],
  firstRows: FirstRows[],
): Promise<void> {
  const page = await freshTable(run, firstRows);
  const whole = `${WHOLE_ANSWER} && ${FIRST_ROWS_FILLED}`;
  const sort = await timeFirstAndWhole(page, sortByColumn('Title'), FIRST_ROW_CHANGED, whole);
  results.wholeSortTitleFirst = sort.first;
  results.wholeSortTitle = sort.whole;
  const filter = await timeFirstAndWhole(page, filterTo('harbour'), STATUS_CHANGED, whole);
  results.wholeFilterFirst = filter.first;
  results.wholeFilter = filter.whole;
  results.filterStatus = await innerText(page, '.xv-table .xv-match-status');
  await page.close();
}

/** How long before its click a person's pointer rests on a header (the sort below). */
const POINTED_AT_MS = 200;
/** How long after focusing the filter field a person types into it. */
const FOCUSED_MS = 300;

/**
 * The first query on a fresh page, made the moment the whole table is there as a person makes
 * it: the first Title sort with the pointer on the header POINTED_AT_MS before the click; on
 * another page, the first filter with the field focused FOCUSED_MS before the text (the worker
 * prepares for each meanwhile). Each timed from its click or its text.
 */
async function asAPersonQueries(
  run: SizeRun,
  results: SizeRun['results'],
  firstRows: FirstRows[],
): Promise<void> {
  const sortPage = await freshTable(run, firstRows);
  await sortPage.hover(
    `[...document.querySelectorAll('.xv-grid-head button')].find((b) => b.textContent.includes('Title'))`,
  );
  await sleep(POINTED_AT_MS);
  results.sortTitlePointedAt = await timeInPage(sortPage, sortByColumn('Title'), FIRST_ROW_CHANGED);
  await sortPage.close();
  const filterPage = await freshTable(run, firstRows);
  await inPage(filterPage, `document.querySelector('.xv-table input[type=search]').focus()`);
  await sleep(FOCUSED_MS);
  results.filterHarbourFocused = await timeInPage(filterPage, filterTo('harbour'), STATUS_CHANGED);
  await filterPage.close();
}
