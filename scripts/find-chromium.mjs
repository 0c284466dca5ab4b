// Finds a Chromium for Playwright: $CHROMIUM_PATH, the system's (Debian's /usr/bin/chromium),
// or Playwright's own download. Returns undefined when there is none.
import { existsSync } from 'node:fs';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** @returns {Promise<string | undefined>} */
export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  if (system) return system;
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    return own && existsSync(own) ? own : undefined;
  } catch {
    return undefined;
  }
}

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: install one (Debian: `apt-get install -y chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to its executable.';

/** Flags that keep Chromium quiet on a machine with no internet access. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
