// The Chromium the tests and benches drive is the one Playwright would launch, minus the
// omnibox popup's WebUI (scripts/find-chromium.mjs). Chromium keeps only the last
// `--disable-features` it is given, so the flag must carry Playwright's own list, which this
// checks against the list Playwright really passes: a Playwright upgrade that changes it fails
// here rather than silently turning its features back on. The command line is read from the
// browser's process, which works for Debian's Chromium and Playwright's headless shell alike.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserType } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  OMNIBOX_WEBUI_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../scripts/find-chromium.mjs';

/** A running process's command line, as one string. */
function commandLineOf(pid: number): string {
  if (process.platform === 'linux') {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  }
  if (process.platform === 'win32') {
    return execFileSync(
      'powershell',
      [
        '-NoProfile',
        '-Command',
        `(Get-CimInstance Win32_Process -Filter "ProcessId=${pid}").CommandLine`,
      ],
      { encoding: 'utf8' },
    );
  }
  return execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
}

/** Each `--disable-features` Chromium is started with, in order, as lists of names. */
async function disabledFeatureFlags(chromium: BrowserType, args: string[]): Promise<string[][]> {
  const executablePath = process.env.CHROMIUM_PATH;
  // Explicit args: the runner's launch options (the config's flags) would otherwise apply.
  const server = await chromium.launchServer({
    args,
    ...(executablePath ? { executablePath } : {}),
  });
  try {
    const pid = server.process().pid;
    if (pid === undefined) throw new Error('the browser process has no pid');
    return commandLineOf(pid)
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
  } finally {
    await server.close();
  }
}

test('Playwright disables the features the project mirrors, no more, no fewer', async ({
  playwright,
}) => {
  const flags = await disabledFeatureFlags(playwright.chromium, []);
  expect(flags).toHaveLength(1);
  expect([...(flags[0] ?? [])].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());
});

test("the project's flags keep Playwright's disabled features and drop the omnibox WebUI", async ({
  playwright,
}) => {
  const flags = await disabledFeatureFlags(playwright.chromium, CHROMIUM_ARGS);
  const inEffect = flags.at(-1) ?? [];
  expect(inEffect).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
  expect(inEffect).toEqual(expect.arrayContaining(OMNIBOX_WEBUI_FEATURES));
});
