import { expectAccessible } from './support/a11y.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';

test('a slow call: the previous result stays, marked stale; cancel works; a timeout says so', async ({
  page,
  stubs,
  settings,
  history,
}) => {
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY })).toBe('success');

  // From now on the service is slow: it first holds its answer until the test has clicked
  // Cancel (a fixed delay raced the axe check on a loaded machine), then takes 3 s.
  let holding = true;
  let stopHolding = (): void => undefined;
  const held = new Promise<void>((resolve) => (stopHolding = resolve));
  await page.route('**/Inode.asmx*', async (route) => {
    if (holding) await held;
    else await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => undefined); // the page may have given up already
  });

  await stubs.assetType.fill('image');
  await stubs.submitButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling GetAssetStubs' })).toBeVisible();
  await expect(stubs.outcome).toHaveAttribute('data-stale', 'true');
  await expect(stubs.outcome.getByText('Previous result')).toBeVisible();
  await expect(stubs.field('Success')).toHaveText('true');
  await expectAccessible(page, 'stubs: loading with a stale previous result');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Call cancelled/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await expect(stubs.outcome).toHaveAttribute('data-outcome', 'success');
  await expect(stubs.assetType).toHaveValue('image');
  holding = false;
  stopHolding();

  await settings.goto();
  await settings.timeout.fill('0.5');
  await stubs.goto();
  expect(await stubs.call({ key: DEMO_KEY, assetType: 'slow' })).toBe('timeout');
  await expect(stubs.outcome.getByRole('heading')).toHaveText(/No answer in time/);
  await expect(stubs.outcome).toContainText('0.5 s');
  await expectAccessible(page, 'stubs: timeout');

  await page.unroute('**/Inode.asmx*');
  await history.goto();
  await history.outcomeFilter.selectOption({ label: 'Cancelled' });
  await expect(history.rows).toHaveCount(1);
  await history.outcomeFilter.selectOption({ label: 'Timeout' });
  await expect(history.rows).toHaveCount(1);
});
