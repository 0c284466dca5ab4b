/**
 * The bench's hold on the console's page: instrumentation installed before any page script runs
 * (long tasks, the moments each part of the viewer first shows), the stubs call made as a person
 * makes it, and reading the marks back against the response's end.
 */
import type { BarePage, BareSession } from '../support/bare-chromium.ts';
import { KEY, PAGE, SERVER, TIMEOUT_MS, VIEWPORT, type SizeRun } from './config.ts';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * In the dev server's pages, Vite's HMR socket never connects: others edit the shared tree while
 * a bench runs, and a reload would end the page's load. The production server has no such socket.
 */
const NO_HMR = `{
  const RealWebSocket = WebSocket;
  window.WebSocket = function (url, protocols) {
    if (!String(protocols).includes('vite-hmr')) return new RealWebSocket(url, protocols);
    return Object.assign(new EventTarget(), { readyState: 0, send() {}, close() {} });
  };
}`;

/** The page that calls GetAssetStubs: the console's Asset stubs page, or the viewer's harness. */
export const callPagePath =
  PAGE === 'harness'
    ? `/src/components/xml-viewer/harness/viewer-harness.html?binding=http-get&key=${KEY}`
    : '/stubs';

/**
 * A new page of the run's browser at `path` of its origin, instrumented (INSTRUMENT) before any
 * of its scripts runs, at the bench's viewport, its crash told to the run.
 */
export async function openPage(
  run: Pick<SizeRun, 'chromium' | 'origin' | 'onCrash'>,
  path = callPagePath,
): Promise<BarePage> {
  const page = await run.chromium.open(`${run.origin}${path}`, {
    initScript: SERVER === 'dev' ? `${NO_HMR}\n${INSTRUMENT}` : INSTRUMENT,
    viewport: VIEWPORT,
    timeoutMs: TIMEOUT_MS,
  });
  page.on('Inspector.targetCrashed', run.onCrash);
  return page;
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
  page: Pick<BareSession, 'evaluate'>,
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
    return await Promise.race([page.evaluate<T>(expression), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a page that does not answer still runs a script, and how many frames it draws in 1 s. */
async function stuckPage(page: Pick<BareSession, 'evaluate'>, probeMs: number): Promise<string> {
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

/** In a page or a worker: its last GetAssetStubs call's timings, on the epoch's clock (ms), or null. */
const LAST_CALL = `(() => {
  const call = performance.getEntriesByType('resource').filter((e) => e.name.includes('/Inode.asmx/GetAssetStubs')).at(-1);
  if (!call) return null;
  const at = (ms) => performance.timeOrigin + ms;
  return { requestStart: at(call.requestStart), responseStart: at(call.responseStart), responseEnd: at(call.responseEnd), bodyBytes: call.decodedBodySize };
})()`;

/** A call's timings (epoch ms) and the size of its decoded body. */
interface CallTiming {
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  bodyBytes: number;
}

/**
 * The page's last GetAssetStubs call. The console's client makes it in a Web Worker, whose
 * resource timings the page cannot see: each of the page's workers is asked for its own (the
 * worker's entry is there once the body has been read to its end).
 */
async function lastCall(page: BarePage): Promise<CallTiming | null> {
  const inThePage = await inPage<CallTiming | null>(page, LAST_CALL);
  if (inThePage) return inThePage;
  for (const worker of await page.workers()) {
    const call = await inPage<CallTiming | null>(worker, LAST_CALL).catch(() => null);
    if (call) return call;
  }
  return null;
}

export async function bodyBytes(page: BarePage): Promise<number> {
  return (await lastCall(page))?.bodyBytes ?? 0;
}

export async function readMarks(page: BarePage): Promise<PageMarks> {
  const { timeOrigin, ...marks } = await inPage<
    Omit<PageMarks, 'requestStart' | 'responseStart' | 'responseEnd'> & { timeOrigin: number }
  >(
    page,
    `({ timeOrigin: performance.timeOrigin, marks: window.__bench.marks, longTasks: window.__bench.longTasks })`,
  );
  const call = await lastCall(page);
  const onPageClock = (epochMs: number | undefined) =>
    epochMs === undefined ? Number.NaN : epochMs - timeOrigin;
  return {
    ...marks,
    requestStart: onPageClock(call?.requestStart),
    responseStart: onPageClock(call?.responseStart),
    responseEnd: onPageClock(call?.responseEnd),
  };
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

/** In-page: the button whose text is `name`, or undefined. */
export const buttonNamed = (name: string) =>
  `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)})`;

/** In-page: the tab whose text is `name`, or undefined. */
export const tabNamed = (name: string) =>
  `[...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === ${JSON.stringify(name)})`;

/**
 * In-page: sets the field labelled `label` as a person's input would (React hears the same
 * event): a select to its option whose text is `value`, an input to `value`.
 */
const setField = (label: string, value: string) =>
  `(() => {
    const found = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)});
    const field = found && document.getElementById(found.htmlFor);
    if (!field) throw new Error(${JSON.stringify(`no field labelled ${label}`)});
    const isSelect = field instanceof HTMLSelectElement;
    const option = isSelect && [...field.options].find((o) => o.textContent.trim() === ${JSON.stringify(value)});
    if (isSelect && !option) throw new Error(${JSON.stringify(`no option ${value} in ${label}`)});
    const proto = isSelect ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(field, isSelect ? option.value : ${JSON.stringify(value)});
    field.dispatchEvent(new Event(isSelect ? 'change' : 'input', { bubbles: true }));
  })()`;

/**
 * Calls GetAssetStubs as a person would on a page just opened (openPage): the form filled and
 * its button clicked; `clickTable` opens Table as soon as it exists; `typingMs` is how long the
 * form waits before it is sent (a person typing the key), beyond the bench's own filling of it.
 */
export async function callStubs(
  page: BarePage,
  clickTable: boolean,
  typingMs = 0,
  beforeClick: () => void = () => undefined,
): Promise<void> {
  const submit = buttonNamed('Get asset stubs');
  await waitInPage(page, `!!${submit}`);
  if (PAGE === 'stubs') {
    await inPage(page, setField('Binding', 'HTTP GET'));
    await inPage(page, setField('OpenIDKey', KEY));
  }
  if (typingMs > 0) await sleep(typingMs);
  if (clickTable) await inPage(page, 'window.__bench.clickTableWhenReady = true');
  // What the page did to start (its first render, the form) is not the answer's load. The submit
  // is the click as the page receives it (the event's time), as the native viewer's load counts
  // from its navigation's start: the driver's way to the click is the bench's, not the console's.
  await inPage(
    page,
    `document.addEventListener('click', (event) => { window.__bench.marks.submit = event.timeStamp; }, { capture: true, once: true })`,
  );
  beforeClick();
  await page.click(submit);
}

/** A new page of the run's browser, its crash told to the run, that calls GetAssetStubs. */
export async function openStubsPage(
  run: SizeRun,
  clickTable: boolean,
  typingMs = 0,
): Promise<BarePage> {
  const page = await openPage(run);
  await callStubs(page, clickTable, typingMs);
  return page;
}

/**
 * Until `expression` holds in the page, checked every `pollingMs` (or every frame with 'raf'),
 * for at most `timeoutMs`: then it fails, saying what it waited for.
 */
export async function waitInPage(
  page: Pick<BareSession, 'evaluate'>,
  expression: string,
  {
    timeoutMs = TIMEOUT_MS,
    pollingMs = 'raf',
  }: { timeoutMs?: number; pollingMs?: number | 'raf' } = {},
): Promise<void> {
  const next =
    pollingMs === 'raf' ? 'requestAnimationFrame(check)' : `setTimeout(check, ${pollingMs})`;
  await inPage(
    page,
    `new Promise((resolve, reject) => {
      const started = performance.now();
      const check = () => {
        if (${expression}) resolve(true);
        else if (performance.now() - started > ${timeoutMs}) reject(new Error(${JSON.stringify(`timed out after ${timeoutMs / 1000} s waiting for ${expression.slice(0, 200)}`)}));
        else ${next};
      };
      check();
    })`,
    timeoutMs + PROBE_MS,
  );
}

export async function waitForMark(page: BarePage, name: string): Promise<void> {
  await waitInPage(page, `window.__bench.marks[${JSON.stringify(name)}] !== undefined`, {
    pollingMs: 50,
  });
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
export async function waitForMarkOrAlert(page: BarePage, name: string): Promise<void> {
  await waitInPage(
    page,
    `window.__bench.marks[${JSON.stringify(name)}] !== undefined || document.querySelector('[role="alert"]') !== null`,
  );
  const alert = await inPage<string | null>(page, alertInsteadOf(name));
  if (alert !== null) throw new Error(`the page showed an alert instead of "${name}": ${alert}`);
}

/** Until the table holds every row (its first rows may be a preview). */
export async function waitForWholeTable(page: BarePage, pollingMs: number): Promise<void> {
  await waitInPage(
    page,
    `document.querySelector('.xv-table .xv-match-status:not(.xv-preview-status)') !== null`,
    { pollingMs },
  );
}

/** In-page: the text of the first element `selector` finds, as it is rendered ('' for none). */
export const innerText = (page: BarePage, selector: string) =>
  inPage<string>(page, `document.querySelector(${JSON.stringify(selector)})?.innerText ?? ''`);
/** Runs `action` in the page and resolves with ms until `done` holds after a paint. */
export async function timeInPage(page: BarePage, action: string, done: string): Promise<number> {
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
  page: BarePage,
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
