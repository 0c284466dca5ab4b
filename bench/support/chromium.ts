/** The Chromium every browser bench drives: found as the e2e tests find it, with their flags. */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/find-chromium.mjs';

export { CHROMIUM_ARGS };

/** Chromium's executable; throws, saying how to install one, where there is none. */
export async function requireChromium(): Promise<string> {
  const executablePath = await findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  return executablePath;
}

/** Chromium under Playwright, with the quiet flags and any `extraArgs`. */
export function launchChromium(
  executablePath: string,
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
