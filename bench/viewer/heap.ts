/**
 * JS heap scenario: the page and its workers after Pretty, and the page once Pretty has made way
 * for the XPath tab (what Pretty's window costs). VIEWER_BENCH_HEAP_SNAPSHOT=prefix
 * also writes the page's heap snapshots (npx tsx bench/support/heap-summary.ts file).
 */
import { createWriteStream } from 'node:fs';
import type { Page } from '@playwright/test';
import { TIMEOUT_MS, type Results, type Size } from './config.ts';

async function writeHeapSnapshot(page: Page, file: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const out = createWriteStream(file);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => out.write(chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await new Promise((resolve) => out.end(resolve));
  await cdp.detach();
}

/**
 * JS heap of the page and of its workers (the console's client worker, the viewer's worker), in
 * MB of 1,000,000 bytes, after a garbage collection in each: the V8 heap in use plus ArrayBuffer
 * backing stores (typed arrays live outside the V8 heap). Workers are reached over the browser's
 * CDP session (Playwright's page sessions do not reach them); only one page is open when this runs.
 */
export async function heapMb(page: Page): Promise<{ page: number; workers: number }> {
  const browser = page.context().browser();
  if (!browser) return { page: Number.NaN, workers: Number.NaN };
  const session = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map<number, (result: Record<string, number>) => void>();
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message) as { id: number; result?: Record<string, number> };
    waiting.get(reply.id)?.(reply.result ?? {});
  });
  // A target that went away never answers: give up on it after a few seconds.
  const call = (sessionId: string, method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      setTimeout(() => resolve({}), 10_000);
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params: {} }),
      });
    });
  const totals = { page: 0, workers: 0 };
  const { targetInfos } = await session.send('Target.getTargets');
  for (const target of targetInfos) {
    const kind = target.type === 'page' && target.url === page.url() ? 'page' : target.type;
    if (kind !== 'page' && kind !== 'worker') continue;
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    await call(sessionId, 'HeapProfiler.collectGarbage');
    const usage = await call(sessionId, 'Runtime.getHeapUsage');
    await session.send('Target.detachFromTarget', { sessionId });
    const bytes = (usage.usedSize ?? Number.NaN) + (usage.backingStorageSize ?? 0);
    totals[kind === 'page' ? 'page' : 'workers'] += bytes / 1_000_000;
  }
  await session.detach();
  return totals;
}

/** On the Pretty page: heap with Pretty's window, then with the XPath tab in its place. */
export async function measurePrettyHeap(page: Page, size: Size, results: Results): Promise<void> {
  // Once the workers are done with the payload (the element summary is their last report), so
  // the figure is what the page keeps, not a pass in flight.
  await page
    .getByTestId('datastubs-summary')
    .filter({ hasNotText: 'Counting elements' })
    .waitFor({ timeout: TIMEOUT_MS });
  const prettyHeap = await heapMb(page);
  results.heapPageMB = prettyHeap.page;
  results.heapWorkersMB = prettyHeap.workers;
  const snapshotPrefix = process.env.VIEWER_BENCH_HEAP_SNAPSHOT;
  if (snapshotPrefix) await writeHeapSnapshot(page, `${snapshotPrefix}-${size.id}.heapsnapshot`);
  // What Pretty's window costs: the same page once Pretty has made way for XPath, whose panel
  // holds next to nothing (Raw would build rows of its own).
  await page.getByRole('tab', { name: 'XPath', exact: true }).click();
  await page.locator('[data-view="xpath"]:not([hidden])').waitFor();
  results.heapWithoutEditorPageMB = (await heapMb(page)).page;
  if (snapshotPrefix) {
    await writeHeapSnapshot(page, `${snapshotPrefix}-${size.id}-xpath-tab.heapsnapshot`);
  }
}
