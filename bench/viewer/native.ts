/**
 * Baseline scenario: Chromium's own XML viewer opening the same document from the same server
 * (the HTTP GET binding's URL), time to its load event.
 */
import type { BrowserContext } from '@playwright/test';
import { TIMEOUT_MS, type Results } from './config.ts';
import { inPage, stubsUrl } from './page.ts';

export async function measureNativeViewer(
  context: BrowserContext,
  origin: string,
  results: Results,
): Promise<void> {
  const nativePage = await context.newPage();
  await nativePage.goto(stubsUrl(origin), { waitUntil: 'load', timeout: TIMEOUT_MS });
  const nav = await inPage<{ load: number; responseEnd: number }>(
    nativePage,
    `(() => { const e = performance.getEntriesByType('navigation')[0]; return { load: e?.loadEventEnd ?? NaN, responseEnd: e?.responseEnd ?? NaN }; })()`,
  );
  results.nativeLoad = nav.load;
  results.nativeResponseToLoad = nav.load - nav.responseEnd;
  await nativePage.close();
}
