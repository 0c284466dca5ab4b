import { expectAccessible } from './support/a11y.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';

test('business failure, SOAP fault and service error read as such, and the form keeps its values', async ({
  page,
  stubs,
  register,
}) => {
  await stubs.goto();
  await expectAccessible(page, 'stubs: empty form');

  // Unknown key: the call works, the service says no.
  expect(await stubs.call({ key: 'no-such-key', binding: 'SOAP 1.2' })).toBe('business-failure');
  await expect(stubs.outcome.getByRole('heading')).toContainText('The service said no');
  await expect(stubs.outcome.getByRole('term').filter({ hasText: 'ErrorCode' })).toBeVisible();
  await expect(stubs.field('Success')).toHaveText('false');
  await expectAccessible(page, 'stubs: business failure');

  // The emulator's documented fault hook.
  expect(await stubs.call({ key: DEMO_KEY, assetType: '!fault', binding: 'SOAP 1.1' })).toBe(
    'soap-fault',
  );
  await expect(stubs.outcome.getByRole('definition').first()).toHaveText(/Server/);
  await expect(stubs.assetType).toHaveValue('!fault');
  await expectAccessible(page, 'stubs: SOAP fault');

  // The same hook over HTTP POST is a 500 text/plain exception.
  expect(await stubs.call({ key: DEMO_KEY, assetType: '!fault', binding: 'HTTP POST' })).toBe(
    'service-error',
  );
  await stubs.outcome.getByText('Technical detail').click();
  await expect(stubs.outcome.locator('pre')).toBeVisible();
  await expectAccessible(page, 'stubs: service error, detail open');

  // AddUserAssetIndex with an unknown key answers an ERROR string: shown as a failure, values kept.
  await register.goto();
  expect(
    await register.register({
      key: 'no-such-key',
      serviceUri: 'https://e2e.example.org/refused',
      mediaType: 'audio',
      binding: 'HTTP POST',
    }),
  ).toBe('business-failure');
  await expect(register.outcome).toContainText('ERROR');
  await expect(register.serviceUri).toHaveValue('https://e2e.example.org/refused');
  await expect(register.mediaType).toHaveValue('audio');
  await expect(register.key).toHaveValue('no-such-key');
  await expectAccessible(page, 'register: ERROR answer');
});

test('service down: a clear message, and the form keeps what was typed', async ({
  page,
  settings,
  stubs,
  register,
  shell,
}) => {
  await settings.goto();
  await expectAccessible(page, 'settings');
  await settings.target(/unreachable/).check();
  await expect(shell.currentTarget()).toContainText('unreachable');
  // Discovery fails against a dead target: the page says the target is not answering.
  await expect(page.getByTestId('namespace-failure')).toHaveText(
    /^Target unreachable is not answering/,
  );
  await expectAccessible(page, 'settings: namespace discovery failed');

  await stubs.goto();
  expect(
    await stubs.call({ key: DEMO_KEY, assetType: 'image', filter: 'x=1', binding: 'SOAP 1.1' }),
  ).toBe('http-error');
  await expect(stubs.outcome.getByRole('heading')).toHaveText(/The service is unreachable/);
  await expect(stubs.key).toHaveValue(DEMO_KEY);
  await expect(stubs.assetType).toHaveValue('image');
  await expect(stubs.filter).toHaveValue('x=1');
  await expectAccessible(page, 'stubs: service down');

  await register.goto();
  expect(
    await register.register({
      key: DEMO_KEY,
      serviceUri: 'https://e2e.example.org/down',
      mediaType: 'video',
      binding: 'HTTP GET',
    }),
  ).toBe('http-error');
  await expect(register.outcome.getByRole('heading')).toHaveText(/The service is unreachable/);
  await expect(register.serviceUri).toHaveValue('https://e2e.example.org/down');
  await expect(register.mediaType).toHaveValue('video');
  await expectAccessible(page, 'register: service down');
});
