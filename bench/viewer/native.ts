/**
 * Baseline scenario: Chromium's own XML viewer opening the same document from the same server
 * (the HTTP GET binding's URL), time to its load event. Past NATIVE_CAP_MS the bench stops
 * waiting and keeps the time waited, a lower bound (Chromium's viewer did not load 66 MB within
 * 11 minutes on the 2-core machine).
 */
import type { BrowserContext } from '@playwright/test';
import { NATIVE_CAP_MS, type Results } from './config.ts';
import { inPage, stubsUrl } from './page.ts';

export async function measureNativeViewer(
  context: BrowserContext,
  origin: string,
  results: Results,
  capMs = NATIVE_CAP_MS,
): Promise<void> {
  const nativePage = await context.newPage();
  let crashed = false;
  nativePage.on('crash', () => (crashed = true));
  const started = performance.now();
  try {
    await nativePage.goto(stubsUrl(origin), { waitUntil: 'load', timeout: capMs });
  } catch (error) {
    // A timeout or a crash: the page is left to the context's close, which ends its renderer
    // (closing it here would wait on a renderer still parsing).
    results.nativeWaited = performance.now() - started;
    results.nativeOutcome = crashed ? 'its tab crashed' : 'still loading';
    if (!crashed && !(error instanceof Error && error.name === 'TimeoutError')) throw error;
    return;
  }
  const nav = await inPage<{ load: number; responseEnd: number }>(
    nativePage,
    `(() => { const e = performance.getEntriesByType('navigation')[0]; return { load: e?.loadEventEnd ?? NaN, responseEnd: e?.responseEnd ?? NaN }; })()`,
  );
  results.nativeLoad = nav.load;
  results.nativeResponseToLoad = nav.load - nav.responseEnd;
  await nativePage.close();
}
