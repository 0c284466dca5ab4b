import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { TARGET_HEALTH_PATH } from '../src/console-api/index.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

/**
 * Only static code may load while a file is opened: no service call, no console API, no POST.
 * The shell's health poll (a bare GET every 20 s, whatever the page does) may fall in the window
 * on a slow machine; it carries nothing of the file.
 */
function expectNothingSent(requests: readonly Request[]) {
  const sent = requests.filter(
    (r) =>
      r.method() !== 'GET' ||
      (/\/Inode\.asmx|\/__console\//i.test(r.url()) &&
        !new URL(r.url()).pathname.endsWith(TARGET_HEALTH_PATH)) ||
      !r.url().startsWith('http://127.0.0.1:'),
  );
  expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
}

async function openFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Choose a .har, .xml or saved HTTP response file').setInputFiles(file);
}

test('export a call as HAR (key redacted), then open that HAR offline: same result, nothing sent', async ({
  stubs,
  shell,
  page,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.2' })).toBe('success');
  // Read once counted: the viewer's worker counts the elements after the result is shown.
  await expect(stubs.dataStubsSummary).toHaveText(/ holds /);
  const summary = await stubs.dataStubsSummary.textContent();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('getassetstubs-soap12.har');
  const harText = readFileSync((await download.path()) ?? '', 'utf8');
  expect(harText).not.toContain(DEMO_KEY);
  const har = JSON.parse(harText) as {
    log: { entries: Array<{ request: { postData?: { text: string } } }> };
  };
  expect(har.log.entries).toHaveLength(1);
  expect(har.log.entries[0]?.request.postData?.text).toContain('<OpenIDKey>••••••</OpenIDKey>');
  await expect(page.getByRole('status').filter({ hasText: 'OpenIDKey redacted' })).toBeVisible();

  await shell.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Open file' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Open a saved response' }),
  ).toBeVisible();
  await expectAccessible(page, 'open page, nothing opened');
  const requests = recordRequests(page);
  await openFile(page, {
    name: 'call.har',
    mimeType: 'application/json',
    buffer: Buffer.from(harText),
  });
  expect(await stubs.outcomeKind()).toBe('success');
  await expect(
    page.getByText(/Opened from call\.har: GetAssetStubs · SOAP 1\.2 · 200/),
  ).toBeVisible();
  await expect(stubs.field('Success')).toHaveText('true');
  await expect(stubs.dataStubsSummary).toHaveText(summary ?? '');
  await expect(stubs.dataStubs.getByRole('tab', { name: 'Table' })).toBeVisible();
  await expectAccessible(page, 'open page, HAR opened');
  expectNothingSent(requests);
});

test('the key goes into the HAR only when ticked for that one export', async ({ stubs, page }) => {
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'HTTP GET' })).toBe('success');
  await page.getByLabel('Include the OpenIDKey in clear in this export').check();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const revealed = readFileSync((await (await downloadPromise).path()) ?? '', 'utf8');
  expect(revealed).toContain(DEMO_KEY);
  // The box clears itself: the next export is redacted again.
  await expect(page.getByLabel('Include the OpenIDKey in clear in this export')).not.toBeChecked();
  const next = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  expect(readFileSync((await (await next).path()) ?? '', 'utf8')).not.toContain(DEMO_KEY);
});

test('a HAR with several entries lists them; a raw response and a bad file open without a crash', async ({
  page,
  stubs,
}) => {
  const raw = (name: string) =>
    readFileSync(join(process.cwd(), 'fixtures/reference/raw', `${name}.response`), 'utf8');
  const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);
  const entry = (name: string, url: string, method: string) => ({
    startedDateTime: '2026-11-21T05:22:25.000Z',
    time: 12,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: name.includes('throw') ? 500 : 200,
      statusText: '',
      headers: [
        {
          name: 'Content-Type',
          value: name.includes('soap12')
            ? 'application/soap+xml; charset=utf-8'
            : 'text/xml; charset=utf-8',
        },
      ],
      content: { size: 1, mimeType: 'text/xml', text: bodyOf(raw(name)) },
    },
  });
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: [
        entry('get_httpget_success', 'http://h/Inode.asmx/GetAssetStubs?AssetType=', 'GET'),
        entry('get_soap12_throw', 'http://h/Inode.asmx', 'POST'),
      ],
    },
  };
  await page.goto('/open');
  // The header's target list loads once with the page; what follows must send nothing.
  await expect(page.getByTestId('current-target')).not.toHaveText('loading…');
  const requests = recordRequests(page);
  await openFile(page, {
    name: 'two.har',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(har)),
  });
  const list = page.getByRole('group', { name: /two\.har .* holds 2 calls/ });
  await expect(list.getByRole('radio')).toHaveCount(2);
  expect(await stubs.outcomeKind()).toBe('success');
  await list.getByRole('radio', { name: /2\. GetAssetStubs · SOAP 1\.2 · 500/ }).check();
  expect(await stubs.outcomeKind()).toBe('soap-fault');
  await expectAccessible(page, 'open page, two-entry HAR, fault chosen');

  await openFile(page, {
    name: 'answer.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(raw('add_httppost_success')),
  });
  await expect(page.getByLabel('Returned value')).not.toBeEmpty();
  await openFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText(/notes\.txt is neither a HAR file/);
  expectNothingSent(requests);
});
