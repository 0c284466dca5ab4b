import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import { registerOverSoap } from './viewer/viewer-page.ts';

test('compare the current result with History after a registration: exactly one added row', async ({
  page,
  request,
  stubs,
  register,
}) => {
  // Other specs register for the same key on this server while this one runs: both reads are
  // filtered to this test's own URIs, so the one row added between them is this test's.
  const scope = `https://e2e.example.org/compare/${Date.now()}/`;
  const filter = `uri:${scope}`;
  await registerOverSoap(request, DEMO_KEY, `${scope}before`, 'image');
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, filter, binding: 'SOAP 1.1' })).toBe('success');

  const serviceUri = `${scope}added`;
  // Client-side navigation, as a user moves on: a page load right after the call could cut off
  // the History write of its response (seen on a loaded CI machine).
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Register', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await register.register({ key: DEMO_KEY, serviceUri, mediaType: 'image', binding: 'SOAP 1.1' });
  expect(await register.outcomeKind()).toBe('success');

  // Client-side navigation keeps the key and the current result in this page's memory.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Asset stubs' })
    .click();
  await stubs.key.fill(DEMO_KEY);
  await stubs.filter.fill(filter);
  await stubs.submitButton.click();
  expect(await stubs.outcomeKind()).toBe('success');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Compare' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare two results' })).toBeVisible();
  const left = page.getByLabel('Left');
  // The older of the two stored GetAssetStubs calls: the one before the registration.
  const olderCall = left.locator('option', { hasText: 'History:' }).nth(1);
  await left.selectOption({ label: (await olderCall.textContent()) ?? '' });
  await page.getByLabel('Right').selectOption({ index: 1 });
  await expect(page.getByLabel('Right').locator('option:checked')).toHaveText(/^Current result/);
  await page.getByRole('button', { name: 'Compare' }).click();

  const counts = page.getByTestId('compare-counts');
  await expect(counts).toHaveText('1 added, 0 removed, 0 changed, 1 unchanged Stub rows');
  const rows = page.getByRole('table', { name: 'Rows compared' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-kind', 'added');
  await expect(rows.first()).toContainText(serviceUri);
  await expect(page.getByLabel('Match rows by')).toHaveValue('@ID');
  await expectAccessible(page, 'compare: one added row');

  // All rows, then the side-by-side text.
  await page.getByLabel('Only differences').uncheck();
  await expect(rows).toHaveCount(2);
  await page.getByText('Side by side (canonical text)').click();
  await expect(page.getByRole('region', { name: 'Side by side, canonical text' })).toContainText(
    serviceUri,
  );
  await expectAccessible(page, 'compare: side by side open');
});

test('compare with the same call on another target: that target’s failure, said clearly', async ({
  page,
  stubs,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, binding: 'SOAP 1.2' })).toBe('success');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Compare' })
    .click();
  await page.getByLabel('Left').selectOption({ index: 1 });
  await expect(page.getByLabel('Left').locator('option:checked')).toHaveText(/^Current result/);
  // The e2e servers define a second target nobody listens on (playwright.config.ts).
  const other = page.getByLabel('Right').locator('option', {
    hasText: 'Same call on another target: ',
  });
  await expect(other).toHaveCount(1);
  await page.getByLabel('Right').selectOption({ label: (await other.textContent()) ?? '' });
  await page.getByRole('button', { name: 'Compare' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/^\S.* \(SOAP 1\.2\) could not answer: .+/);
  await expect(alert).not.toContainText(DEMO_KEY);
  await expectAccessible(page, 'compare: other target failed');
});
