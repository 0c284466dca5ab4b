/**
 * The bench's hold on the console's page: instrumentation installed before any page script runs
 * (long tasks, the moments each part of the viewer first shows), the stubs call made as a person
 * makes it, and reading the marks back against the response's end.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { KEY, PAGE, TIMEOUT_MS, type SizeRun } from './config.ts';
import { errorMessage } from '../../src/text/error-message.ts';

// In-page instrumentation, installed before any page script runs.
const INSTRUMENT = `
  window.__bench = { longTasks: [], marks: {} };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const afterPaint = (name) => requestAnimationFrame(() => setTimeout(() => { if (window.__bench.marks[name] === undefined) { window.__bench.marks[name] = performance.now(); performance.mark('bench:' + name); } }, 0));
  new MutationObserver(() => {
    const m = window.__bench.marks;
    if (!m.viewer && document.querySelector('section[aria-label="DataStubs viewer"]')) m.viewer = performance.now();
    if (!m.prettyDom && document.querySelector('.xv-lines .xv-line-text')?.textContent) { m.prettyDom = performance.now(); afterPaint('pretty'); }
    if (!m.headDom && document.querySelector('.xv-receiving .xv-line-text')?.textContent) { m.headDom = performance.now(); afterPaint('head'); }
    if (!m.viewerPrettyDom && document.querySelector('section[aria-label="DataStubs viewer"] .xv-lines .xv-line-text')?.textContent) { m.viewerPrettyDom = performance.now(); afterPaint('viewerPretty'); }
    if (m.prettyDom && !m.prettyLoaded && !document.querySelector('.xv-loading')) { m.prettyLoaded = performance.now(); }
    if (!m.tableDom && document.querySelector('.xv-grid-scroll [role="row"]')) { m.tableDom = performance.now(); afterPaint('table'); }
    if (!m.refusedDom && document.querySelector('[data-view="table"] [role="alert"], [data-view="tree"] [role="alert"]')) { m.refusedDom = performance.now(); afterPaint('refused'); }
    if (window.__bench.clickTableWhenReady && !m.tabClicked) {
      const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Table');
      if (tab) { m.tabClicked = performance.now(); tab.click(); }
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * A context with the instrumentation in every page. The bench's own probes are evaluated
 * strings, which the production CSP rightly refuses; others edit the shared tree while this
 * runs, so Vite's HMR socket is kept from reloading the page.
 */
export async function instrumentedContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, bypassCSP: true });
  await context.addInitScript(INSTRUMENT);
  await context.routeWebSocket(/./, () => undefined);
  return context;
}

export interface LongTask {
  start: number;
  duration: number;
}

export interface PageMarks {
  /** On the page's clock: the stubs request sent and its first byte (NaN where unknown). */
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  marks: Record<string, number>;
  longTasks: LongTask[];
}

/** What `stuckPage` waits for each of its probes. */
const PROBE_MS = 5_000;

/**
 * Runs `expression` in the page (the bench is typechecked without DOM types, tsconfig.node.json,
 * so in-page code is a string). A page that has not answered within `timeoutMs` fails the step,
 * saying whether it still runs scripts and draws frames, instead of holding the bench until the
 * run is killed: a run hung so for minutes in the wait for a cleared search, whose own timeout
 * counts frames.
 */
export async function inPage<T>(
  page: Pick<Page, 'evaluate'>,
  expression: string,
  timeoutMs = TIMEOUT_MS,
  probeMs = PROBE_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void stuckPage(page, probeMs).then((state) =>
        reject(
          new Error(
            `the page did not answer within ${timeoutMs / 1000} s (${state}): ${expression.slice(0, 160)}`,
          ),
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([page.evaluate(expression) as Promise<T>, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a page that does not answer still runs a script, and how many frames it draws in 1 s. */
async function stuckPage(page: Pick<Page, 'evaluate'>, probeMs: number): Promise<string> {
  const within = (probe: Promise<string>) =>
    Promise.race([
      probe.catch((error: unknown) => `failed: ${errorMessage(error)}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), probeMs)),
    ]);
  const script = await within(page.evaluate('1').then(() => 'it runs a script'));
  const frames = await within(
    page
      .evaluate(
        `new Promise((resolve) => { let frames = 0; const t0 = performance.now(); const frame = () => { frames += 1; if (performance.now() - t0 < 1000) requestAnimationFrame(frame); else resolve(frames); }; requestAnimationFrame(frame); })`,
      )
      .then((frames) => `${String(frames)} frames in 1 s`),
  );
  return `script: ${script}; frames: ${frames}`;
}

const LAST_CALL = `performance.getEntriesByType('resource').filter((e) => e.name.includes('/Inode.asmx/GetAssetStubs')).at(-1)`;

// The console's client runs in a Web Worker, whose resource timings the page cannot see; the
// browser's network events do see the call, and its end is moved onto the page's clock.
interface WorkerCall {
  /** Epoch ms: the request sent, the response's first byte, its last byte. */
  requestStartEpoch: number;
  responseStartEpoch: number;
  responseEndEpoch: number;
  bodyBytes: number;
}
const workerCalls = new WeakMap<Page, WorkerCall>();

export function watchStubsCalls(page: Page): void {
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/Inode.asmx/GetAssetStubs')) return;
    const timing = request.timing();
    void request.sizes().then((sizes) =>
      workerCalls.set(page, {
        requestStartEpoch: timing.startTime + timing.requestStart,
        responseStartEpoch: timing.startTime + timing.responseStart,
        responseEndEpoch: timing.startTime + timing.responseEnd,
        bodyBytes: sizes.responseBodySize,
      }),
    );
  });
}

export async function bodyBytes(page: Page): Promise<number> {
  const inPageBytes = await inPage<number>(page, `${LAST_CALL}?.decodedBodySize ?? 0`);
  return inPageBytes || (workerCalls.get(page)?.bodyBytes ?? 0);
}

export async function readMarks(page: Page): Promise<PageMarks> {
  const marks = await inPage<PageMarks & { timeOrigin: number }>(
    page,
    `({ requestStart: ${LAST_CALL}?.requestStart ?? NaN, responseStart: ${LAST_CALL}?.responseStart ?? NaN, responseEnd: ${LAST_CALL}?.responseEnd ?? NaN, timeOrigin: performance.timeOrigin, marks: window.__bench.marks, longTasks: window.__bench.longTasks })`,
  );
  const workerCall = workerCalls.get(page);
  if (Number.isNaN(marks.responseEnd) && workerCall) {
    marks.requestStart = workerCall.requestStartEpoch - marks.timeOrigin;
    marks.responseStart = workerCall.responseStartEpoch - marks.timeOrigin;
    marks.responseEnd = workerCall.responseEndEpoch - marks.timeOrigin;
  }
  return marks;
}

/**
 * The longest of `tasks` that started in [from, to); 0 for none; NaN when `from` is NaN (a mark
 * the page never set), so that an unknown window reads "n/a", never as one without long tasks.
 */
export function longestTask(tasks: readonly LongTask[], from: number, to = Infinity): number {
  if (Number.isNaN(from)) return Number.NaN;
  return Math.max(
    0,
    ...tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration),
  );
}

/** The URL of the same call for Chromium's own XML viewer (HTTP GET binding). */
export const stubsUrl = (origin: string) =>
  `${origin}/Inode.asmx/GetAssetStubs?OpenIDKey=${KEY}&AssetType=&OtherFilterCriteria=`;

/**
 * Opens the page and calls GetAssetStubs as a person would; `clickTable` opens Table as soon as
 * it exists; `typingMs` is how long after the page opens the form is sent (a person typing the
 * key), beyond the bench's own filling of it.
 */
export async function callStubs(
  page: Page,
  origin: string,
  clickTable: boolean,
  typingMs = 0,
  beforeClick: () => void = () => undefined,
): Promise<void> {
  if (PAGE === 'harness') {
    await page.goto(
      `${origin}/src/components/xml-viewer/harness/viewer-harness.html?binding=http-get&key=${KEY}`,
    );
  } else {
    await page.goto(`${origin}/stubs`);
    await page.getByLabel('Binding', { exact: true }).selectOption({ label: 'HTTP GET' });
    await page.getByLabel('OpenIDKey', { exact: true }).fill(KEY);
  }
  if (typingMs > 0) await page.waitForTimeout(typingMs);
  if (clickTable) await inPage(page, 'window.__bench.clickTableWhenReady = true');
  // What the page did to start (its first render, the form) is not the answer's load. The submit
  // is the click as the page receives it (the event's time), as the native viewer's load counts
  // from its navigation's start: Playwright's way to the click (its checks, the input events it
  // sends over the DevTools protocol) is the bench's, not the console's.
  await inPage(
    page,
    `document.addEventListener('click', (event) => { window.__bench.marks.submit = event.timeStamp; }, { capture: true, once: true })`,
  );
  // Playwright polls waitForFunction with its own script (about 300 KB), which it compiles into
  // the page's main world the first time it is asked: left to the first wait after the click,
  // that is a task of 20–30 ms of the page's CPU (traced: 247 ms of wall time) in the middle of
  // the load, counted as the console's.
  await page.waitForFunction('true');
  const submit = page.getByRole('button', { name: 'Get asset stubs' });
  await submit.waitFor();
  beforeClick();
  await submit.click();
}

/** A new page of the run's context, watched for its stubs call and a crash, that calls GetAssetStubs. */
export async function openStubsPage(
  run: SizeRun,
  clickTable: boolean,
  typingMs = 0,
): Promise<Page> {
  const page = await run.context.newPage();
  watchStubsCalls(page);
  page.on('crash', run.onCrash);
  await callStubs(page, run.origin, clickTable, typingMs);
  return page;
}

export async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    `window.__bench.marks[${JSON.stringify(name)}] !== undefined`,
    undefined,
    {
      timeout: TIMEOUT_MS,
      polling: 50,
    },
  );
}

/**
 * In-page: the text of the alert the page shows instead of mark `name` (the call failed), or
 * null once the mark is there or while nothing is shown.
 */
export const alertInsteadOf = (name: string) =>
  `window.__bench.marks[${JSON.stringify(name)}] !== undefined ? null : (document.querySelector('[role="alert"]')?.textContent?.trim() || null)`;

/**
 * Until mark `name` is set. An alert shown instead (a failed call) fails the load at once with
 * its text, instead of the waits that follow each running into their timeout.
 */
export async function waitForMarkOrAlert(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    `window.__bench.marks[${JSON.stringify(name)}] !== undefined || document.querySelector('[role="alert"]') !== null`,
    undefined,
    { timeout: TIMEOUT_MS },
  );
  const alert = await inPage<string | null>(page, alertInsteadOf(name));
  if (alert !== null) throw new Error(`the page showed an alert instead of "${name}": ${alert}`);
}

/** Until the table holds every row (its first rows may be a preview). */
export async function waitForWholeTable(page: Page, polling: number): Promise<void> {
  await page.waitForFunction(
    `document.querySelector('.xv-table .xv-match-status:not(.xv-preview-status)') !== null`,
    undefined,
    { timeout: TIMEOUT_MS, polling },
  );
}

/** Runs `action` in the page and resolves with ms until `done` holds after a paint. */
export async function timeInPage(page: Page, action: string, done: string): Promise<number> {
  return inPage(
    page,
    `new Promise((resolve, reject) => {
      const t0 = performance.now();
      { ${action} }
      const tick = () => {
        if (${done}) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        else if (performance.now() - t0 > 120000) reject(new Error('timed out waiting for ' + ${JSON.stringify(done)}));
        else requestAnimationFrame(tick);
      };
      tick();
    })`,
  );
}

/**
 * Runs `action` in the page and resolves with ms until `first` holds after a paint, and until
 * `whole` holds after a paint (`whole` implies `first`); rejects if the rows shown at `first`
 * are not the first rows shown at `whole`.
 */
export async function timeFirstAndWhole(
  page: Page,
  action: string,
  first: string,
  whole: string,
): Promise<{ first: number; whole: number }> {
  return inPage(
    page,
    `new Promise((resolve, reject) => {
      const t0 = performance.now();
      let firstSeen = false;
      let firstAt = null;
      let firstRows = [];
      const shownRows = () => [...document.querySelectorAll('.xv-grid-scroll [role="row"]')]
        .filter((row) => !row.querySelector('[aria-busy="true"]'))
        .map((row) => row.getAttribute('aria-rowindex') + ' ' + row.textContent);
      { ${action} }
      const tick = () => {
        if (!firstSeen && (${first})) {
          firstSeen = true;
          firstRows = shownRows();
          requestAnimationFrame(() => setTimeout(() => (firstAt = performance.now() - t0), 0));
        }
        if (firstSeen && (${whole})) {
          requestAnimationFrame(() => setTimeout(() => {
            const at = performance.now() - t0;
            // The first answer's rows must be the whole answer's first rows.
            const wholeRows = shownRows().slice(0, firstRows.length);
            if (wholeRows.join('|') !== firstRows.join('|'))
              reject(new Error('the first rows differ from those of the whole answer: ' + JSON.stringify({ firstRows, wholeRows })));
            else resolve({ first: firstAt ?? at, whole: at });
          }, 0));
        } else if (performance.now() - t0 > 120000) reject(new Error('timed out waiting for ' + ${JSON.stringify(whole)}));
        else requestAnimationFrame(tick);
      };
      tick();
    })`,
  );
}

/**
 * Sets a search field's value as typing would (React hears the input event); a field not on the
 * page is said by name (the value's setter called on null says only "Illegal invocation").
 */
export const typeInto = (field: string, text: string) =>
  `const i = document.querySelector(${JSON.stringify(field)}); if (!i) throw new Error(${JSON.stringify(`no field ${field} on the page`)}); const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set; set.call(i, ${JSON.stringify(text)}); i.dispatchEvent(new Event('input', { bubbles: true }));`;

const FIRST_ROW = `document.querySelector('.xv-grid-scroll [aria-rowindex="2"]')?.textContent`;

/** Clicks a Table column's header, keeping the first row's text to tell when the order changed. */
export const sortByColumn = (column: string) =>
  `window.__first = ${FIRST_ROW}; const header = [...document.querySelectorAll('.xv-grid-head button')].find((b) => b.textContent.startsWith(${JSON.stringify(column)})); if (!header) throw new Error(${JSON.stringify(`no ${column} column header on the page`)}); header.click();`;

// Rows beyond the first 200 show their cells once the worker has sent them: a row still waiting
// for them (aria-busy cells) is not shown yet.
export const FIRST_ROWS_FILLED = `!document.querySelector('.xv-grid-scroll [aria-busy="true"]')`;

/** After `sortByColumn`: the first row changed and every row on screen shows its cells. */
export const FIRST_ROW_CHANGED = `${FIRST_ROW} !== window.__first && ${FIRST_ROWS_FILLED}`;

/**
 * The Table holds a query's whole answer: a sort of a column not ranked yet, or a filter while
 * the worker still builds the search text, first shows the rows on screen alone (the grid
 * aria-busy; a filter's count, "counting…").
 */
export const WHOLE_ANSWER = `!document.querySelector('.xv-grid[aria-busy="true"]')`;

/** Types `text` into the Table's filter, keeping the status line to tell when it changed. */
export const filterTo = (text: string) =>
  `window.__status = document.querySelector('.xv-table .xv-match-status').textContent; ${typeInto('.xv-table input[type=search]', text)}`;
/** After `filterTo`: the status line changed and every row on screen shows its cells. */
export const STATUS_CHANGED = `document.querySelector('.xv-table .xv-match-status').textContent !== window.__status && ${FIRST_ROWS_FILLED}`;
