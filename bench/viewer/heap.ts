/**
 * JS heap scenario: the page and its workers after Pretty, and the page once Pretty has made way
 * for the XPath tab (what Pretty's window costs). VIEWER_BENCH_HEAP_SNAPSHOT=prefix
 * also writes the page's heap snapshots (npx tsx bench/support/heap-summary.ts file).
 */
import { createWriteStream } from 'node:fs';
import type { BarePage, BareSession } from '../support/bare-chromium.ts';
import { PAGE, type Results, type Size } from './config.ts';
import { tabNamed, waitInPage } from './page.ts';

async function writeHeapSnapshot(page: BarePage, file: string): Promise<void> {
  const out = createWriteStream(file);
  let writing = true;
  page.on('HeapProfiler.addHeapSnapshotChunk', (params) => {
    if (writing) out.write((params as { chunk: string }).chunk);
  });
  await page.send('HeapProfiler.enable');
  await page.send('HeapProfiler.collectGarbage');
  await page.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  writing = false;
  await new Promise((resolve) => out.end(resolve));
  await page.send('HeapProfiler.disable');
}

/**
 * A session's JS heap in MB of 1,000,000 bytes after a garbage collection: the V8 heap in use
 * plus ArrayBuffer backing stores (typed arrays live outside the V8 heap); NaN for a target that
 * went away and does not answer within a few seconds.
 */
async function sessionHeapMb(session: BareSession): Promise<number> {
  const gone = new Promise<Record<string, number>>((resolve) =>
    setTimeout(() => resolve({}), 10_000),
  );
  const usage = await Promise.race([
    session
      .send('HeapProfiler.collectGarbage')
      .then(() => session.send('Runtime.getHeapUsage') as Promise<Record<string, number>>),
    gone,
  ]).catch(() => ({}) as Record<string, number>);
  return ((usage.usedSize ?? Number.NaN) + (usage.backingStorageSize ?? 0)) / 1_000_000;
}

/**
 * JS heap of the page and of its workers (the console's client worker, the viewer's worker), in
 * MB of 1,000,000 bytes, each after a garbage collection in it (sessionHeapMb).
 */
export async function heapMb(page: BarePage): Promise<{ page: number; workers: number }> {
  let workers = 0;
  for (const worker of await page.workers()) {
    const mb = await sessionHeapMb(worker);
    if (Number.isFinite(mb)) workers += mb;
  }
  return { page: await sessionHeapMb(page), workers };
}

/** On the Pretty page: heap with Pretty's window, then with the XPath tab in its place. */
export async function measurePrettyHeap(
  page: BarePage,
  size: Size,
  results: Results,
): Promise<void> {
  // Once the workers are done with the payload (the element summary is their last report), so
  // the figure is what the page keeps, not a pass in flight. The harness page has no summary.
  if (PAGE === 'stubs')
    await waitInPage(
      page,
      `!(document.querySelector('[data-testid="datastubs-summary"]')?.textContent ?? 'Counting elements').includes('Counting elements')`,
    );
  const prettyHeap = await heapMb(page);
  results.heapPageMB = prettyHeap.page;
  results.heapWorkersMB = prettyHeap.workers;
  const snapshotPrefix = process.env.VIEWER_BENCH_HEAP_SNAPSHOT;
  if (snapshotPrefix) await writeHeapSnapshot(page, `${snapshotPrefix}-${size.id}.heapsnapshot`);
  // What Pretty's window costs: the same page once Pretty has made way for XPath, whose panel
  // holds next to nothing (Raw would build rows of its own).
  await page.click(tabNamed('XPath'));
  await waitInPage(page, `!!document.querySelector('[data-view="xpath"]:not([hidden])')`);
  results.heapWithoutEditorPageMB = (await heapMb(page)).page;
  if (snapshotPrefix) {
    await writeHeapSnapshot(page, `${snapshotPrefix}-${size.id}-xpath-tab.heapsnapshot`);
  }
}
