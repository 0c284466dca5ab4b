/**
 * Table scenario: a fresh page whose Table tab is chosen as soon as it exists; response → first
 * rows and → the whole table; sorting by Title (both ways) and SizeBytes, filtering and clearing
 * the filter; the longest tasks of the table's work; the heap with the table, then with the Tree
 * opened on the same page.
 */
import { TIMEOUT_MS, type SizeRun } from './config.ts';
import { heapMb } from './heap.ts';
import {
  inPage,
  longestTask,
  openStubsPage,
  readMarks,
  timeInPage,
  typeInto,
  waitForMark,
  waitForWholeTable,
} from './page.ts';
import { keptTableTrace } from './trace.ts';

export async function measureTable(run: SizeRun): Promise<void> {
  const { context, origin, size, results } = run;
  const tablePage = await openStubsPage(run, true);
  await waitForMark(tablePage, 'table');
  // The first rows may be a preview; sorting and filtering wait for the whole table.
  await waitForWholeTable(tablePage, 20);
  const table = await readMarks(tablePage);
  results.responseToTable = table.marks.table! - table.responseEnd;
  results.submitToTable = table.marks.table! - (table.marks.submit ?? Number.NaN);
  results.responseToWholeTable =
    (await inPage<number>(tablePage, 'performance.now()')) - table.responseEnd;
  const rowsText = await tablePage.locator('.xv-table .xv-match-status').innerText();
  results.tableRows = rowsText;
  const firstRow = `document.querySelector('.xv-grid-scroll [aria-rowindex="2"]')?.textContent`;
  const sortBy = (column: string) =>
    `window.__first = ${firstRow}; [...document.querySelectorAll('.xv-grid-head button')].find((b) => b.textContent.startsWith('${column}')).click();`;
  // Rows beyond the first 200 show their cells once the worker has sent them: a row still
  // waiting for them (aria-busy cells) is not shown yet.
  const firstRowsFilled = `!document.querySelector('.xv-grid-scroll [aria-busy="true"]')`;
  const firstRowChanged = `${firstRow} !== window.__first && ${firstRowsFilled}`;
  results.sortTitleAsc = await timeInPage(tablePage, sortBy('Title'), firstRowChanged);
  results.sortTitleDesc = await timeInPage(tablePage, sortBy('Title'), firstRowChanged);
  results.sortSizeAsc = await timeInPage(tablePage, sortBy('SizeBytes'), firstRowChanged);
  const filterTo = (text: string) =>
    `window.__status = document.querySelector('.xv-table .xv-match-status').textContent; ${typeInto('.xv-table input[type=search]', text)}`;
  const statusChanged = `document.querySelector('.xv-table .xv-match-status').textContent !== window.__status && ${firstRowsFilled}`;
  results.filterHarbour = await timeInPage(tablePage, filterTo('harbour'), statusChanged);
  results.filterStatus = await tablePage.locator('.xv-table .xv-match-status').innerText();
  results.filterClear = await timeInPage(tablePage, filterTo(''), statusChanged);
  // A column not sorted yet, once the worker's work after the table is over (the search text
  // it builds between requests): the sort's own cost, as a user who reads the table first meets it.
  await tablePage.waitForTimeout(2000);
  results.sortCreatedSettled = await timeInPage(tablePage, sortBy('Created'), firstRowChanged);
  const all = await readMarks(tablePage);
  results.longestViewerTaskTable = longestTask(all.longTasks, all.marks.viewer ?? 0);
  results.longestTaskAfterResponseTable = longestTask(all.longTasks, all.responseEnd);
  const tableHeap = await heapMb(tablePage);
  results.heapTablePageMB = tableHeap.page;
  results.heapTableWorkersMB = tableHeap.workers;
  // The Tree on the same page: its rows' texts come from the worker, as the Table's record XML.
  await tablePage.getByRole('tab', { name: 'Tree', exact: true }).click();
  await tablePage
    .getByRole('treeitem', { level: 2 })
    .first()
    .filter({ hasText: '=' })
    .waitFor({ timeout: TIMEOUT_MS });
  const treeHeap = await heapMb(tablePage);
  results.heapTreePageMB = treeHeap.page;
  results.heapTreeWorkersMB = treeHeap.workers;
  await tablePage.close();
  const tracedTablePage = await context.newPage();
  await keptTableTrace(tracedTablePage, origin, size.label);
  await tracedTablePage.close();
}
