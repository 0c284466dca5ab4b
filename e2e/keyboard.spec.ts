import { DEMO_KEY, expect, test } from './fixtures.ts';
import { chooseOption, tabTo, typeInto } from './support/keyboard.ts';
import { expectAccessible } from './support/a11y.ts';

test('every flow by keyboard alone: register, read back, failures, service down, history', async ({
  page,
  shell,
  stubs,
  register,
  settings,
  history,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/stubs/);
  // The page is lazy: a Tab pressed before it has rendered lands nowhere.
  await expect(page.getByRole('heading', { level: 1, name: 'Asset stubs' })).toBeVisible();
  await expect(page.getByLabel('OpenIDKey', { exact: true })).toBeVisible();

  // Skip link first, then the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page, shell.nav('Register'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();

  // Register over HTTP POST, submitting with Enter.
  const serviceUri = `https://e2e.example.org/keyboard/${Date.now()}`;
  await chooseOption(page, register.binding, 'HTTP POST');
  await typeInto(page, register.key, DEMO_KEY);
  await typeInto(page, register.serviceUri, serviceUri);
  await typeInto(page, register.mediaType, 'image');
  await page.keyboard.press('Enter');
  expect(await register.outcomeKind()).toBe('success');
  await expect(register.returnedValue).toHaveText(/\S/);

  // Read it back over SOAP 1.2 with Ctrl+Enter.
  await tabTo(page, shell.nav('Asset stubs'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Asset stubs' })).toBeVisible();
  await chooseOption(page, stubs.binding, 'SOAP 1.2');
  await typeInto(page, stubs.key, DEMO_KEY);
  await page.keyboard.press('ControlOrMeta+Enter');
  expect(await stubs.outcomeKind()).toBe('success');
  // Open the raw exchange with the keyboard and find the registration at the end of the
  // response: the body's rows scroll by keyboard once it has the focus.
  await tabTo(page, page.getByText('Raw exchange', { exact: true }));
  await page.keyboard.press('Enter');
  const responseBody = page.getByRole('region', { name: 'Response body' });
  await tabTo(page, responseBody);
  // End before the body's rows are laid out scrolls to the end of what is there so far: pressed
  // again until the end shows, as a person presses it again.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(responseBody).toContainText(serviceUri, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // A business failure and a SOAP fault.
  await typeInto(page, stubs.key, 'no-such-key');
  await page.keyboard.press('ControlOrMeta+Enter');
  expect(await stubs.outcomeKind()).toBe('business-failure');
  await typeInto(page, stubs.key, DEMO_KEY);
  await typeInto(page, stubs.assetType, '!fault');
  await page.keyboard.press('ControlOrMeta+Enter');
  expect(await stubs.outcomeKind()).toBe('soap-fault');
  await tabTo(page, page.getByText('Technical detail'));
  await page.keyboard.press('Enter');
  await expect(stubs.outcome.locator('pre')).toBeVisible();

  // Service down: choose the unreachable target in Settings.
  await tabTo(page, shell.nav('Settings'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await tabTo(page, settings.target(/Embedded emulator/));
  await page.keyboard.press('ArrowDown');
  await expect(settings.target(/unreachable/)).toBeChecked();
  await tabTo(page, shell.nav('Asset stubs'), { backwards: true });
  await page.keyboard.press('Enter');
  await typeInto(page, stubs.key, DEMO_KEY);
  await typeInto(page, stubs.assetType, 'image');
  await page.keyboard.press('ControlOrMeta+Enter');
  expect(await stubs.outcomeKind()).toBe('http-error');
  await expect(stubs.outcome).toContainText('unreachable');
  await expect(stubs.assetType).toHaveValue('image');

  // History: filter and re-run by keyboard.
  await tabTo(page, shell.nav('History'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await chooseOption(page, history.outcomeFilter, 'SOAP fault');
  await expect(history.rows).toHaveCount(1);
  await tabTo(page, history.rows.first().getByRole('button', { name: /^Re-run/ }));
  await page.keyboard.press('Enter');
  await expect(stubs.assetType).toHaveValue('!fault');
  await expectAccessible(page, 'stubs: re-run from history');
});
