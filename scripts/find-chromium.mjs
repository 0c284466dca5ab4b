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

/**
 * The features Playwright turns off in every Chromium it launches (its own `--disable-features`,
 * Playwright 1.65). Chromium keeps only the last `--disable-features` it is given, and Playwright
 * puts the caller's flags after its own: a list of ours must carry these too, or it turns them
 * back on. e2e/chromium-flags.spec.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The omnibox's popup as a WebUI page: headless Chromium builds one, in a renderer of its own, for
 * every window it opens (each test's and each bench load's page), about a second of CPU in the
 * seconds the page under test loads and calls the service. A person's browser built it once,
 * long before.
 */
export const OMNIBOX_WEBUI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/** Flags that keep Chromium quiet on a machine with no internet access and two cores. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
];
