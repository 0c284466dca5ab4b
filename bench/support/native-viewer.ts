/**
 * Chromium's own XML viewer opening a URL on the bare driver: the baseline the viewer bench sets
 * the console against. Its time is the navigation's load event, from the navigation's start.
 */
import type { BareChromium } from './bare-chromium.ts';

export type NativeViewerLoad =
  /** It loaded: its load event, and the same from the response's last byte (ms). */
  | { loadMs: number; responseToLoadMs: number }
  /** It had not loaded when the bench stopped waiting (`waitedMs`, a lower bound), or crashed. */
  | { waitedMs: number; outcome: 'still loading' | 'its tab crashed' };

const LOADED = (url: string) =>
  `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`;
const TIMES = `(() => { const e = performance.getEntriesByType('navigation')[0]; return { load: e?.loadEventEnd ?? NaN, responseEnd: e?.responseEnd ?? NaN }; })()`;

/**
 * Opens `url` on a page of its own (at `viewport`, else the window's) and waits for its load, for
 * at most `capMs`. A page that has
 * not loaded by then is left open (closing it would wait on a renderer still parsing): the
 * browser's close ends it.
 *
 * @example const load = await loadInNativeViewer(chromium, stubsUrl(origin), 120_000);
 */
export async function loadInNativeViewer(
  chromium: BareChromium,
  url: string,
  capMs: number,
  viewport?: { width: number; height: number },
): Promise<NativeViewerLoad> {
  const page = await chromium.open('about:blank', viewport ? { viewport } : {});
  let crashed = false;
  const crash = new Promise<void>((resolve) =>
    page.on('Inspector.targetCrashed', () => {
      crashed = true;
      resolve();
    }),
  );
  const started = performance.now();
  await page.send('Page.navigate', { url });
  for (;;) {
    const left = capMs - (performance.now() - started);
    if (left <= 0 || crashed) {
      return {
        waitedMs: performance.now() - started,
        outcome: crashed ? 'its tab crashed' : 'still loading',
      };
    }
    // A renderer busy parsing answers only between its tasks: the wait is bounded all the same.
    const loaded = await Promise.race([
      page.evaluate<boolean>(LOADED(url)).catch(() => false),
      crash.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), left)),
    ]);
    if (loaded) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { load, responseEnd } = await page.evaluate<{ load: number; responseEnd: number }>(TIMES);
  await page.close();
  return { loadMs: load, responseToLoadMs: load - responseEnd };
}
