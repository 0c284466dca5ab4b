// Pages that say only what they know: a bare XML file invents no exchange, a target that does
// not answer is said before any call, and Register points out a pair registered before.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

const bodyOf = (name: string) => {
  const text = readFileSync(
    join(process.cwd(), 'fixtures/reference/raw', `${name}.response`),
    'utf8',
  );
  return text.slice(text.indexOf('\r\n\r\n') + 4);
};

test('a bare XML answer opens as an XML file with no HTTP exchange: no binding, no status', async ({
  page,
  stubs,
}) => {
  await page.goto('/open');
  const chooser = page.getByLabel('Choose a .har, .xml or saved HTTP response file');
  await chooser.setInputFiles({
    name: 'answer.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(bodyOf('get_httppost_success')),
  });
  expect(await stubs.outcomeKind()).toBe('success');
  const result = page.locator('.result-area');
  await expect(result.locator('.result-source')).toHaveText(
    'Opened from answer.xml: GetAssetStubs answer · an XML file, no HTTP exchange recorded. Nothing was sent.',
  );
  // What the file holds is shown; what it does not (method, binding, status) is not.
  await expect(stubs.dataStubsSummary).toBeVisible();
  await expect(result).not.toContainText(/HTTP POST|HTTP GET|SOAP 1\.[12]|200 OK/);
  await expect(result.locator('details.raw-exchange')).toHaveCount(0);
  await expectAccessible(page, 'open page, bare XML');

  // The same answer saved with its status line still says the status it records.
  await chooser.setInputFiles({
    name: 'answer.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      `HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\n\r\n${bodyOf('get_httppost_success')}`,
    ),
  });
  await expect(result.locator('.result-source')).toHaveText(
    'Opened from answer.txt: GetAssetStubs · 200 OK. Nothing was sent.',
  );
  await expect(result.locator('details.raw-exchange')).toHaveCount(1);
});

test('a target that does not answer is said before the first call, in Settings and on every page', async ({
  page,
  settings,
  shell,
  stubs,
}) => {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (/\/Inode\.asmx(?!\?WSDL)/i.test(request.url())) calls.push(request);
  });
  await settings.goto();
  await expect(
    page
      .getByRole('radio', { name: /Embedded emulator/ })
      .locator('..')
      .getByText('answering'),
  ).toBeVisible();
  await settings.target(/unreachable/).check();
  await expect(shell.currentTarget()).toContainText('unreachable');

  const down = page.getByTestId('target-down');
  // Once in the header (every page), once in Settings' target section.
  await expect(down).toHaveCount(2);
  await expect(down.first()).toHaveText(
    /^Target unreachable is not answering: nothing answered at its address \(connection refused or the name not found\)\./,
  );
  await expect(page.locator('[data-health="down"]').first()).toHaveText('not answering');
  // The namespace section says why in one sentence: no namespace advice, no socket error.
  const namespace = page.getByTestId('namespace-failure');
  await expect(namespace).toHaveText(
    'Target unreachable is not answering, so its namespace cannot be read; press "Discover again" once the service is running.',
  );
  await expect(page.locator('main')).not.toContainText(/ECONNREFUSED|Enter it below/);
  await expectAccessible(page, 'settings: target not answering');

  await stubs.goto();
  await expect(page.getByTestId('target-down')).toHaveText(/^Target unreachable is not answering/);
  await expect(page.getByRole('banner')).toContainText('not answering');
  expect(calls.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);

  // Back on a target that answers, the notice goes.
  await settings.goto();
  await settings.target(/Embedded emulator/).check();
  await expect(page.getByTestId('target-down')).toHaveCount(0);
  await expect(page.locator('[data-health="ready"]').first()).toHaveText('answering');
});

test('Register points out a ServiceURI + MediaType registered before, and still registers it', async ({
  page,
  register,
}) => {
  const uri = `https://e2e.example.org/twice-${Date.now()}`;
  await register.goto();
  await expect(page.getByTestId('duplicate-notice')).toHaveCount(0);
  expect(await register.register({ key: DEMO_KEY, serviceUri: uri, mediaType: 'image' })).toBe(
    'success',
  );
  const notice = page.getByTestId('duplicate-notice');
  await expect(notice).toContainText(
    'This console registered this ServiceURI with this MediaType once before, last on emulator',
  );
  // The service's own stubs for the key list it too (one read-only GetAssetStubs).
  await expect(notice).toContainText(
    "The service's stubs for this key already list this ServiceURI with this MediaType.",
  );
  await expectAccessible(page, 'register: duplicate notice');

  await page.reload();
  await register.key.fill(DEMO_KEY);
  await register.serviceUri.fill(uri);
  await register.mediaType.fill('video');
  await expect(notice).toHaveCount(0);
  await register.mediaType.fill('IMAGE');
  await expect(notice).toContainText('once before');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  expect(await register.outcomeKind()).toBe('success');
  await expect(notice).toContainText('2 times before');
  await expect(register.registrations.getByText(uri)).toHaveCount(2);
});

test('an empty OpenIDKey is asked for with "an"', async ({ page, register }) => {
  await register.goto();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Enter an OpenIDKey: it cannot be empty.')).toBeVisible();
});
