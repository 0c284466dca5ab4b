/**
 * The viewer bench's printout: each size's figures beside the native viewer's, and the targets of
 * issues 11 and 24, each PASS or MISS with the measured value.
 */
import { TYPING_MS, type Results, type Size } from './config.ts';
import { isTimesSooner, nativeTime, timesSooner } from './native-time.ts';
import {
  PRETTY_SCROLL,
  SCROLL_MS,
  SETTLE_LIMIT_MS,
  TABLE_SCROLL,
  WHEEL_PX_PER_S,
  type ScrolledView,
} from './scroll.ts';

export const ms = (n: number) =>
  Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} ms` : 'n/a';
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function report(size: Size, r: Results): void {
  const n = (key: string) => Number(r[key]);
  console.log(
    `\n--- ${size.label}: ${size.stubs.toLocaleString('en-US')} stubs, body ${n('bodyMB').toFixed(1)} MB`,
  );
  console.log(`  load average (1 min), start -> end: ${r.load}`);
  console.log(`  viewer facts: ${r.facts}`);
  console.log(`  response -> viewer mounted        ${ms(n('responseToViewerMounted'))}`);
  console.log(
    `  response -> Pretty first screen   ${ms(n('responseToPretty'))}  (median of ${r.prettyRuns}; a negative figure: painted before the response's last byte)`,
  );
  console.log(
    `    from the head, while receiving  ${ms(n('responseToHead'))}  (NaN: no head shown)`,
  );
  console.log(
    `  submit -> Pretty first screen     ${ms(n('submitToPretty'))}  (the service's time included: request sent ${ms(n('submitToRequest'))}, first byte ${ms(n('submitToFirstByte'))}, last byte ${ms(n('submitToResponse'))})`,
  );
  console.log(
    `    in the viewer, after the answer ${ms(n('responseToViewerPretty'))}  (viewer's share, mounted -> painted: ${ms(n('responseToViewerPretty') - n('responseToViewerMounted'))})`,
  );
  console.log(
    `  response -> all lines ready       ${ms(n('responseToAllLines'))}  (search, folding, go to line)`,
  );
  console.log(
    `    then search "Stub" at once      ${ms(n('searchAtOnce'))}  (the worker still reading the index, table and summary)`,
  );
  if (r.typedSubmitToPretty !== undefined)
    console.log(
      `  the form sent ${TYPING_MS / 1000} s after the page opened: submit -> Pretty first screen ${ms(n('typedSubmitToPretty'))} (request sent ${ms(n('typedSubmitToRequest'))}); ${size.table ? `submit -> Table first rows ${ms(n('typedSubmitToTable'))}; ` : ''}longest task from the response to every line ready ${ms(n('typedLongestTaskAfterResponse'))}`,
    );
  if (size.table) {
    console.log(
      `  response -> Table first rows      ${ms(n('responseToTable'))}  (median of ${r.tableRuns})`,
    );
    console.log(`  submit -> Table first rows        ${ms(n('submitToTable'))}`);
    console.log(
      `  response -> whole table           ${ms(n('responseToWholeTable'))}  (${r.tableRows})`,
    );
  }
  console.log(`  scroll Pretty to the last line    ${ms(n('scrollToEnd'))}`);
  console.log(`  search "Stub" counted             ${ms(n('searchStubCount'))}`);
  for (const line of [...scrollLines(PRETTY_SCROLL, r), ...scrollLines(TABLE_SCROLL, r)])
    console.log(`  ${line}`);
  if (size.table) {
    console.log(
      `  sort Title asc / desc             ${ms(n('sortTitleAsc'))} / ${ms(n('sortTitleDesc'))}`,
    );
    console.log(`  sort SizeBytes (numeric)          ${ms(n('sortSizeAsc'))}`);
    console.log(
      `  sort Created, page settled 2 s    ${ms(n('sortCreatedSettled'))}  (a column not sorted before)`,
    );
    console.log(
      `  first query as a person: sort Title ${ms(n('sortTitlePointedAt'))}, filter "harbour" ${ms(n('filterHarbourFocused'))}  (each on a fresh page as the table is whole: the pointer on the header 200 ms before the click; the field focused 300 ms before the text)`,
    );
    console.log(
      `  filter "harbour" / clear          ${ms(n('filterHarbour'))} / ${ms(n('filterClear'))}`,
    );
    console.log(
      `  whole answers, on a fresh page    sort Title ${ms(n('wholeSortTitle'))} (first rows ${ms(n('wholeSortTitleFirst'))}), then filter "harbour" ${ms(n('wholeFilter'))} (first rows ${ms(n('wholeFilterFirst'))})  (every row in order and the count: ${r.filterStatus}; each clicked once the last was whole)`,
    );
  }
  console.log(
    `  longest task before the viewer    ${ms(n('longestTaskBeforeViewer'))}  (from the submit: the head, the result page)`,
  );
  console.log(`  longest viewer task (load)        ${ms(n('longestViewerTaskLoading'))}`);
  if (size.table)
    console.log(`  longest viewer task (table work)  ${ms(n('longestViewerTaskTable'))}`);
  console.log(
    `  JS heap after Pretty, page + workers  ${n('heapPageMB').toFixed(0)} + ${n('heapWorkersMB').toFixed(0)} = ${(n('heapPageMB') + n('heapWorkersMB')).toFixed(0)} MB`,
  );
  console.log(
    `    the page without Pretty (XPath tab) ${n('heapWithoutEditorPageMB').toFixed(0)} MB (Pretty's window: ${(n('heapPageMB') - n('heapWithoutEditorPageMB')).toFixed(0)} MB; the body: ${n('bodyMB').toFixed(0)} MB)`,
  );
  if (size.table)
    console.log(
      `  JS heap after Table, page + workers   ${n('heapTablePageMB').toFixed(0)} + ${n('heapTableWorkersMB').toFixed(0)} = ${(n('heapTablePageMB') + n('heapTableWorkersMB')).toFixed(0)} MB`,
    );
  if (size.table)
    console.log(
      `    then the Tree, page + workers       ${n('heapTreePageMB').toFixed(0)} + ${n('heapTreeWorkersMB').toFixed(0)} = ${(n('heapTreePageMB') + n('heapTreeWorkersMB')).toFixed(0)} MB`,
    );
  if (!size.table) {
    if (r.indexOnDemandFailure !== undefined)
      console.log(`  index built on request: FAILED ${r.indexOnDemandFailure}`);
    else {
      console.log(
        `  over the index limit, page + workers  ${n('heapOverLimitPageMB').toFixed(0)} + ${n('heapOverLimitWorkersMB').toFixed(0)} MB (Table chosen, the index not built)`,
      );
      console.log(
        `  "Build the index for Table" -> whole table ${ms(n('indexOnDemandToTable'))}  (${r.indexOnDemandRows})`,
      );
      console.log(
        `    then sort Title ${ms(n('indexOnDemandSortTitle'))}, filter "harbour" ${ms(n('indexOnDemandFilter'))}, sort Created after 2 s ${ms(n('indexOnDemandSortCreated'))}, then the Tree's first rows ${ms(n('indexOnDemandTree'))}; longest task from the click ${ms(n('indexOnDemandLongestTask'))}`,
      );
      console.log(
        `    JS heap with the table, page + workers ${n('heapIndexedPageMB').toFixed(0)} + ${n('heapIndexedWorkersMB').toFixed(0)} = ${(n('heapIndexedPageMB') + n('heapIndexedWorkersMB')).toFixed(0)} MB (${((n('heapIndexedPageMB') + n('heapIndexedWorkersMB')) / n('bodyMB')).toFixed(1)} x the body; the index's own: ${(n('heapIndexedWorkersMB') - n('heapOverLimitWorkersMB')).toFixed(0)} MB, ${((n('heapIndexedWorkersMB') - n('heapOverLimitWorkersMB')) / n('bodyMB')).toFixed(1)} x)`,
      );
    }
  }
  if (r.rawExchangeOpen !== undefined) {
    console.log(
      `  open the raw exchange, body painted ${ms(n('rawExchangeOpen'))}  (longest task ${ms(n('longestTaskRawExchange'))})`,
    );
    console.log(
      `    BASELINE the same text in a <pre> ${ms(n('rawExchangePreBaseline'))}  (longest task ${ms(n('longestTaskPreBaseline'))})`,
    );
  }
  console.log(`  tab crashed                       ${r.crashed}`);
  const native = nativeTime(r);
  if (native) {
    const load = native.atLeast
      ? `not loaded after ${ms(native.ms)} (${native.outcome}; VIEWER_BENCH_NATIVE_CAP_S waits longer)`
      : `${ms(native.ms)}  (response -> load ${ms(n('nativeResponseToLoad'))})`;
    console.log(`  BASELINE native XML viewer load   ${load}`);
    console.log(
      `  submit -> painted, sooner than the native viewer: Pretty ${timesSooner(native, n('submitToPretty'))}${size.table ? `, Table ${timesSooner(native, n('submitToTable'))}` : ''}`,
    );
  }
}

/** The targets of issues 11 and 24, per size; each printed as PASS or MISS with the measured value. */
function targets(size: Size, r: Results): Array<[boolean, string]> {
  const n = (key: string) => Number(r[key]);
  const lines: Array<[boolean, string]> = [];
  const native = nativeTime(r);
  const prettyLimit = size.id === '1mb' ? 100 : 150;
  lines.push([
    n('responseToPretty') <= prettyLimit,
    `Pretty first screen <= ${prettyLimit} ms after the response: ${ms(n('responseToPretty'))}`,
  ]);
  if (size.table) {
    lines.push([
      n('responseToTable') <= 300,
      `Table first rows <= 300 ms after the response: ${ms(n('responseToTable'))}`,
    ]);
    const sortFilter = Math.max(
      n('sortTitleAsc'),
      n('sortTitleDesc'),
      n('sortSizeAsc'),
      n('filterHarbour'),
      n('filterClear'),
    );
    // Issue 11 allowed 300 ms above 30,000 rows; issue 24 asks 100 ms at 100,000.
    const limits = size.stubs > 30_000 ? [300, 100] : [100];
    for (const limit of limits)
      lines.push([
        sortFilter <= limit,
        `sort and filter <= ${limit} ms at ${size.stubs.toLocaleString('en-US')} rows: slowest ${ms(sortFilter)}`,
      ]);
    // The same target for the first query as a person makes it (the line above clicks with no
    // pointer or focus before it, the worst case): shown beside it, not in its place.
    const asAPerson = Math.max(n('sortTitlePointedAt'), n('filterHarbourFocused'));
    lines.push([
      asAPerson <= 100,
      `the first sort and filter as a person <= 100 ms at ${size.stubs.toLocaleString('en-US')} rows: slowest ${ms(asAPerson)}`,
    ]);
  }
  // The issue sets the search target at 10 MB; smaller payloads must meet it too.
  if (size.stubs <= 30_000)
    lines.push([
      n('searchStubCount') <= 100,
      `search match count <= 100 ms: ${ms(n('searchStubCount'))}`,
    ]);
  const longest = Math.max(
    n('longestTaskAfterResponse'),
    size.table ? n('longestTaskAfterResponseTable') : 0,
  );
  lines.push([
    longest <= 50,
    `no main-thread task > 50 ms from the response to an idle page: longest ${ms(longest)}`,
  ]);
  if (r.typedLongestTaskAfterResponse !== undefined)
    lines.push([
      n('typedLongestTaskAfterResponse') <= 50,
      `the same for the form sent at a person's pace (${TYPING_MS / 1000} s after the page opened): longest ${ms(n('typedLongestTaskAfterResponse'))}`,
    ]);
  // Issue 24 asks for none during scrolling either.
  lines.push([
    longestScrollTask(r) <= 50,
    `no main-thread task > 50 ms while scrolling Pretty${size.table ? ' and the Table' : ''}: longest ${ms(longestScrollTask(r))}`,
  ]);
  // Issue 24 asks for none "during load": from the click, the answer's arrival included.
  const fromSubmit = Math.max(
    n('longestTaskFromSubmit'),
    size.table ? n('longestTaskFromSubmitTable') : 0,
  );
  lines.push([
    fromSubmit <= 50,
    `no main-thread task > 50 ms from the submit to an idle page (the answer's arrival included): longest ${ms(fromSubmit)}`,
  ]);
  if (r.typedLongestTaskFromSubmit !== undefined)
    lines.push([
      n('typedLongestTaskFromSubmit') <= 50,
      `the same for the form sent at a person's pace: longest ${ms(n('typedLongestTaskFromSubmit'))}`,
    ]);
  const heap = Math.max(
    n('heapPageMB') + n('heapWorkersMB'),
    size.table ? n('heapTablePageMB') + n('heapTableWorkersMB') : 0,
  );
  // The memory target is set at 66 MB, where the fixed cost of the page and its code is small.
  if (!size.table) {
    lines.push([
      heap <= 2 * n('bodyMB'),
      `JS heap, page + workers <= 2 x payload (${(2 * n('bodyMB')).toFixed(0)} MB): ${heap.toFixed(0)} MB (${(heap / n('bodyMB')).toFixed(1)} x)`,
    ]);
    lines.push([
      n('heapPageMB') <= 0.5 * n('bodyMB'),
      `JS heap of the page <= 0.5 x payload (${(0.5 * n('bodyMB')).toFixed(0)} MB): ${n('heapPageMB').toFixed(0)} MB (${(n('heapPageMB') / n('bodyMB')).toFixed(2)} x)`,
    ]);
  }
  if (r.rawExchangeOpen !== undefined)
    lines.push([
      n('rawExchangeOpen') < n('rawExchangePreBaseline'),
      `the raw exchange opens faster than its text in one <pre>: ${ms(n('rawExchangeOpen'))} vs ${ms(n('rawExchangePreBaseline'))}`,
    ]);
  lines.push([r.crashed === 'no', `the tab does not crash`]);
  // Over the index limit, Table (and Tree, XPath) once a person asks for the index.
  if (!size.table) {
    const failed = r.indexOnDemandFailure !== undefined;
    lines.push([
      !failed,
      `the index builds when asked: ${failed ? String(r.indexOnDemandFailure) : `whole table ${ms(n('indexOnDemandToTable'))} after the click`}`,
    ]);
    if (!failed) {
      // The sort and filter target is set at 100,000 rows; these tables are larger (printed above).
      lines.push([
        n('indexOnDemandLongestTask') <= 50,
        `no main-thread task > 50 ms from the click through the sort and filter: longest ${ms(n('indexOnDemandLongestTask'))}`,
      ]);
    }
  }
  // Issue 24 at 10 MB: the console's own share (the answer's last byte → painted), and what a
  // user waits for (submit → painted, the service's time included) against the native viewer.
  if (size.id === '10mb') {
    lines.push([
      n('responseToPretty') <= 50,
      `the console's own share to the first Pretty screen <= 50 ms: ${ms(n('responseToPretty'))}`,
    ]);
    lines.push([
      n('responseToTable') <= 100,
      `the console's own share to the first Table rows <= 100 ms: ${ms(n('responseToTable'))}`,
    ]);
    if (native) {
      for (const [view, key, typedKey, times] of [
        ['Pretty', 'submitToPretty', 'typedSubmitToPretty', 60],
        ['Table', 'submitToTable', 'typedSubmitToTable', 40],
      ] as const) {
        // The form sent as soon as the bench fills it is the target's measure; a person's pace is told beside it.
        const typed =
          r[typedKey] === undefined
            ? ''
            : `; sent ${TYPING_MS / 1000} s after the page opened: ${ms(n(typedKey))}, ${timesSooner(native, n(typedKey))}`;
        lines.push([
          isTimesSooner(native, n(key), times),
          `submit -> ${view} painted >= ${times}x faster than Chromium's XML viewer: ${ms(n(key))} vs ${native.atLeast ? 'over ' : ''}${ms(native.ms)} (${timesSooner(native, n(key))}${typed})`,
        ]);
      }
    }
  }
  if (native) {
    lines.push([
      isTimesSooner(native, n('responseToViewerPretty'), 1),
      `faster than Chromium's XML viewer (first screen in the viewer): ${ms(n('responseToViewerPretty'))} vs ${native.atLeast ? 'over ' : ''}${ms(native.ms)} (${timesSooner(native, n('responseToViewerPretty'))})`,
    ]);
  }
  return lines;
}

export function summary(rows: Array<[Size, Results]>): void {
  console.log('\n=== targets (issues 11 and 24)');
  for (const [size, r] of rows) {
    for (const [ok, text] of targets(size, r))
      console.log(`  ${verdict(ok)} ${size.label}: ${text}`);
  }
}

/** The printout's lines for a view's two scrolls (nothing if the view was not scrolled). */
export function scrollLines(view: ScrolledView, r: Results): string[] {
  const label = view.name === 'pretty' ? 'Pretty' : 'Table';
  return (['Wheel', 'Drag'] as const)
    .filter((motion) => r[`${view.name}${motion}Drawn`] !== undefined)
    .map((motion) => {
      const n = (figure: string) => Number(r[`${view.name}${motion}${figure}`]);
      const how =
        motion === 'Wheel'
          ? `a wheel, ${WHEEL_PX_PER_S.toLocaleString('en-US')} px/s for ${SCROLL_MS / 1000} s`
          : `the thumb dragged top to bottom in ${SCROLL_MS / 1000} s`;
      return `scroll ${label}, ${how}: ${n('Drawn')} frames drawn, ${n('Dropped')} dropped (longest gap ${n('LongestGap')} ms), ${n('Waiting')} with rows waiting for their text, ${n('Uncovered')} with part of the view bare; ${Number.isFinite(n('Settled')) ? `whole ${ms(n('Settled'))} after the last move` : `not whole ${SETTLE_LIMIT_MS / 1000} s after the last move`}; longest task ${ms(n('LongestTask'))}`;
    });
}

/** The longest task of every scroll measured (0 for none; NaN if none was measured). */
export function longestScrollTask(r: Results): number {
  const tasks = Object.keys(r)
    .filter((key) => /^(pretty|table)(Wheel|Drag)LongestTask$/.test(key))
    .map((key) => Number(r[key]));
  return tasks.length === 0 ? Number.NaN : Math.max(...tasks);
}
