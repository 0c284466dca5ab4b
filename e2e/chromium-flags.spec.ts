// The Chromium the tests and benches drive is the one Playwright would launch, minus the
// omnibox popup's WebUI (scripts/find-chromium.mjs). Chromium keeps only the last
// `--disable-features` it is given, so the flag must carry Playwright's own list, which this
// checks against the list Playwright really passes: a Playwright upgrade that changes it fails
// here rather than silently turning its features back on.
import { expect, test, type Browser } from '@playwright/test';
import { OMNIBOX_WEBUI_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from '../scripts/find-chromium.mjs';

/** Each `--disable-features` on the browser's command line, in order, as lists of names. */
async function disabledFeatureFlags(browser: Browser): Promise<string[][]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').innerText();
    return commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
  } finally {
    await context.close();
  }
}

test('Playwright disables the features the project mirrors, no more, no fewer', async ({
  playwright,
}) => {
  const executablePath = process.env.CHROMIUM_PATH;
  // No args: the runner's launch options (the config's flags) would otherwise apply here too.
  const bare = await playwright.chromium.launch({
    args: [],
    ...(executablePath ? { executablePath } : {}),
  });
  try {
    const flags = await disabledFeatureFlags(bare);
    expect(flags).toHaveLength(1);
    expect([...(flags[0] ?? [])].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());
  } finally {
    await bare.close();
  }
});

test("the project's Chromium keeps Playwright's disabled features and drops the omnibox WebUI", async ({
  browser,
}) => {
  const flags = await disabledFeatureFlags(browser);
  const inEffect = flags.at(-1) ?? [];
  expect(inEffect).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
  expect(inEffect).toEqual(expect.arrayContaining(OMNIBOX_WEBUI_FEATURES));
});
