/**
 * Baseline scenario: Chromium's own XML viewer opening the same document from the same server
 * (the HTTP GET binding's URL), time to its load event. Past NATIVE_CAP_MS the bench stops
 * waiting and keeps the time waited, a lower bound (Chromium's viewer did not load 66 MB within
 * 11 minutes on the 2-core machine).
 */
import type { BareChromium } from '../support/bare-chromium.ts';
import { loadInNativeViewer } from '../support/native-viewer.ts';
import { NATIVE_CAP_MS, VIEWPORT, type Results } from './config.ts';
import { stubsUrl } from './page.ts';

export async function measureNativeViewer(
  chromium: BareChromium,
  origin: string,
  results: Results,
  capMs = NATIVE_CAP_MS,
): Promise<void> {
  const load = await loadInNativeViewer(chromium, stubsUrl(origin), capMs, VIEWPORT);
  if ('waitedMs' in load) {
    results.nativeWaited = load.waitedMs;
    results.nativeOutcome = load.outcome;
    return;
  }
  results.nativeLoad = load.loadMs;
  results.nativeResponseToLoad = load.responseToLoadMs;
}
