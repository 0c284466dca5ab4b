/**
 * The answer-size ceiling (Settings, "Largest answer opened"): an answer above it is not opened;
 * the outcome says how large it is and the Download saves its exact bytes. The ceiling is set to
 * its smallest (1 KB) so that an ordinary answer is over it; the key never shows in the message,
 * the file name or the page.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import type { SettingsPage } from './support/pages.ts';

async function setCeiling(settings: SettingsPage, megabytes: string): Promise<void> {
  await settings.goto();
  const field = settings.page.getByLabel('Largest answer opened (MB)');
  await expect(field).toHaveValue('250');
  await field.fill(megabytes);
  await expect(field).not.toHaveAttribute('aria-invalid');
}

/**
 * Answers `path` as the emulator does, `pad` making the answer larger (null: another call, passed
 * on as it is); returns what reads the bytes of the padded answer sent. Only the requests `isIt`
 * picks are fetched here: the page's other calls to the same path (the checks it makes as the
 * form is filled) go on untouched, so that one the page gives up on, or one still under way when
 * the test ends, leaves no handler reading a response that is gone.
 */
async function answerOver(
  page: Page,
  path: RegExp,
  pad: (body: string) => string | null,
  isIt: (request: Request) => boolean = () => true,
) {
  let sent: Buffer | null = null;
  await page.route(path, async (route) => {
    if (!isIt(route.request())) {
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    const body = await response.text();
    const padded = pad(body);
    if (padded !== null) sent = Buffer.from(padded);
    await route.fulfill({ response, body: padded ?? body });
  });
  return () => {
    if (!sent) throw new Error(`nothing was sent for ${String(path)}`);
    return sent;
  };
}

async function downloaded(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download the answer \(\d+\.\d KB\)$/ }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? '') };
}

test('a GetAssetStubs answer above the ceiling: its size, Download with the exact bytes, History without a body', async ({
  page,
  settings,
  stubs,
  shell,
  history,
}) => {
  await setCeiling(settings, '0.001');
  // HTTP GET: the one binding whose URL carries the key.
  const sent = await answerOver(page, /\/Inode\.asmx\/GetAssetStubs\?/, (body) =>
    body.replace('</Success>', `</Success><!--${'x'.repeat(2048)}-->`),
  );
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'HTTP GET' })).toBe('too-large');

  const size = sent().byteLength;
  await expect(stubs.outcome.getByRole('heading')).toHaveText(
    /The answer is too large to open here/,
  );
  await expect(stubs.outcome).toContainText(
    `The answer is ${(size / 1024).toFixed(1)} KB, above the 1.0 KB this console opens (Settings). Download it to open it elsewhere.`,
  );
  await expect(stubs.outcome).toContainText(`${size.toLocaleString('en-US')} bytes`);
  await expect(stubs.dataStubs).toHaveCount(0);
  await expectAccessible(page, 'an answer above the ceiling');

  const file = await downloaded(page);
  expect(file.name).toBe('GetAssetStubs-answer.xml');
  expect(file.bytes.equals(sent())).toBe(true);
  expect(await page.locator('body').innerText()).not.toContain(DEMO_KEY);

  const raw = await stubs.openRawExchange();
  await expect(raw).toContainText('The body is not shown: it is larger than the answer size');

  await shell.nav('History').click();
  await expect(history.rows.first()).toContainText('The answer is too large to open here');
  await expect(history.rows.first()).not.toContainText(DEMO_KEY);
});

test('an AddUserAssetIndex answer above the ceiling gets the same message and Download', async ({
  page,
  settings,
  register,
}) => {
  await setCeiling(settings, '0.001');
  const sent = await answerOver(
    page,
    /\/Inode\.asmx$/,
    (body) =>
      body.includes('AddUserAssetIndexResponse')
        ? body.replace('<soap:Body>', `<!--${'y'.repeat(2048)}--><soap:Body>`)
        : null,
    (request) => (request.postData() ?? '').includes('AddUserAssetIndex'),
  );
  await register.goto();
  expect(
    await register.register({
      key: DEMO_KEY,
      serviceUri: `http://ceiling.example/${Date.now()}`,
      mediaType: 'image',
      binding: 'SOAP 1.1',
    }),
  ).toBe('too-large');
  await expect(register.outcome).toContainText('above the 1.0 KB this console opens');
  const file = await downloaded(page);
  expect(file.name).toBe('AddUserAssetIndex-answer.xml');
  expect(file.bytes.equals(sent())).toBe(true);
  expect(file.bytes.toString('utf8')).toContain('AddUserAssetIndexResult');
});
