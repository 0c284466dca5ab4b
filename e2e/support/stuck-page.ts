/**
 * What a page was doing when its test ran out of time: whether its main thread still runs
 * scripts, whether it still draws frames, and, when a script holds the thread, that script's
 * stack (paused through the DevTools protocol, as DevTools' pause button does). A timed-out
 * action says only what it waited for; this says why the page never answered.
 */
import type { CDPSession, Page } from '@playwright/test';

/** The fields of DevTools' `Debugger.paused` event that the report reads. */
interface PausedEvent {
  reason: string;
  callFrames: Array<{
    functionName: string;
    url: string;
    location: { lineNumber: number; columnNumber?: number };
  }>;
}

/** Each probe's own limit: a stuck page must not also hold the test's teardown. */
const PROBE_MS = 2_000;

/**
 * One paragraph on the page's state, for the test's report.
 *
 * @example console.log(await describeStuckPage(page, session)) // session: debuggablePage's
 */
export async function describeStuckPage(page: Page, session: CDPSession): Promise<string> {
  try {
    const scripts = await within(
      session.send('Runtime.evaluate', { expression: '1', returnByValue: true }),
    );
    if (scripts === null)
      return `${page.url()}: the main thread did not answer in ${PROBE_MS} ms.\n${await pausedStack(session)}`;
    const frames = await within(
      session.send('Runtime.evaluate', {
        expression:
          'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(document.visibilityState))))',
        awaitPromise: true,
        returnByValue: true,
      }),
    );
    return frames === null
      ? `${page.url()}: scripts run, but no frame was drawn in ${PROBE_MS} ms.`
      : `${page.url()}: scripts run and frames are drawn (the page is ${String(frames.result.value)}).`;
  } catch (error) {
    return `${page.url()}: the probe failed (${String(error)})`;
  }
}

/**
 * A DevTools session on the page with its debugger on: a script holding the main thread can be
 * paused only by a debugger enabled before it started (enabling one waits for the thread).
 *
 * @example const session = await debuggablePage(page); … await describeStuckPage(page, session);
 */
export async function debuggablePage(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Debugger.enable');
  return session;
}

/** The stack of the script holding the main thread, or why there is none. */
async function pausedStack(session: CDPSession): Promise<string> {
  const paused = new Promise<PausedEvent>((resolve) =>
    session.once('Debugger.paused', (event: PausedEvent) => resolve(event)),
  );
  await within(session.send('Debugger.pause'));
  const event = await within(paused);
  if (!event)
    return 'Pausing it stopped no script: the thread is held outside JavaScript (style, layout, paint, or the browser).';
  const stack = event.callFrames
    .slice(0, 25)
    .map(
      (frame) =>
        `    at ${frame.functionName || '(anonymous)'} (${frame.url}:${frame.location.lineNumber + 1}:${(frame.location.columnNumber ?? 0) + 1})`,
    );
  await within(session.send('Debugger.resume'));
  return `The script holding it (paused: ${event.reason}):\n${stack.join('\n')}`;
}

/** The promise's value, or null after PROBE_MS. */
async function within<T>(promise: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PROBE_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
