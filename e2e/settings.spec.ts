import { expectAccessible } from './support/a11y.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';

test('settings: default binding, timeout and namespace override apply to calls and survive reload', async ({
  page,
  settings,
  stubs,
  shell,
}) => {
  await settings.goto();
  await expect(page.getByText(/Discovered from \?WSDL:/)).toContainText('/');
  await settings.defaultBinding.selectOption({ label: 'HTTP POST' });
  await expect(shell.currentBinding()).toHaveText('HTTP POST');
  await settings.timeout.fill('12');

  // A wrong namespace is sent as typed: the service cannot read the request.
  await settings.namespaceOverride.fill('http://wrong.example/ns/');
  await page.getByRole('button', { name: 'Save namespace' }).click();
  await expect(page.getByText('manual override')).toBeVisible();
  await expectAccessible(page, 'settings: namespace override');

  await page.reload();
  await expect(settings.defaultBinding).toHaveValue('http-post');
  await expect(settings.timeout).toHaveValue('12');
  await expect(page.getByText('manual override')).toBeVisible();

  await stubs.goto();
  await expect(stubs.binding).toHaveValue('http-post');
  expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.1' })).not.toBe('success');
  const body = await stubs.responseBody();
  expect(
    await stubs.openRawExchange().then((p) => p.getByLabel('Request body').textContent()),
  ).toContain('http://wrong.example/ns/');
  expect(body.length).toBeGreaterThan(0);

  await settings.goto();
  await page.getByRole('button', { name: 'Use discovered namespace' }).click();
  await expect(page.getByText('manual override')).toBeHidden();
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.1' })).toBe('success');
});
