import { SEED_STUBS_KEY } from '../emulator/demo-users.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import { tabTo, typeInto } from './support/keyboard.ts';
import { startSecondConsole, type SecondConsole } from './support/second-console.ts';

// The four (or three) reads of a parity run must see the same stubs: the seeded key that no spec
// writes to, since other specs register for the demo keys on this server meanwhile.
const STABLE_KEY = SEED_STUBS_KEY;

const BINDINGS = ['SOAP 1.1', 'SOAP 1.2', 'HTTP POST', 'HTTP GET'];

test('parity by keyboard alone: all four bindings agree, one History entry, HAR export offered', async ({
  page,
  stubs,
  shell,
}) => {
  await stubs.goto();
  await expect(stubs.key).toBeVisible();
  await typeInto(page, stubs.key, STABLE_KEY);
  await tabTo(page, page.getByRole('button', { name: 'Call on all bindings' }));
  await page.keyboard.press('Enter');
  // Focus moves to the panel; HTTP GET needs consent.
  await expect(page.getByRole('heading', { name: 'GetAssetStubs on all bindings' })).toBeFocused();
  await expect(page.getByText('HTTP GET puts the OpenIDKey in the request URL')).toBeVisible();
  await expectAccessible(page, 'parity: asking before HTTP GET');
  await tabTo(page, page.getByRole('button', { name: 'Call all four, key in the HTTP GET URL' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('parity-verdict')).toHaveText('All four bindings agree');
  const table = page.getByRole('table', { name: 'Parity by binding' });
  await expect(table.getByRole('columnheader')).toHaveText(['Field', ...BINDINGS]);
  const row = (name: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell');
  await expect(row('Outcome')).toHaveText(['Success', 'Success', 'Success', 'Success']);
  await expect(row('HTTP status')).toHaveText(['200', '200', '200', '200']);
  await expect(row('Success')).toHaveText(['true', 'true', 'true', 'true']);
  await expect(row('DataStubs')).toHaveCount(4);
  await expect(table.locator('td.differs')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export parity run as HAR' })).toBeVisible();
  await expectAccessible(page, 'parity: all four agree');

  await shell.nav('History').click();
  const entry = page.getByRole('row').filter({ hasText: 'All bindings (parity)' }).first();
  await expect(entry).toContainText('Parity: All four bindings agree');
  await expect(entry).toContainText('HTTP GET: success (200)');
  // One entry for the run, not four.
  await expect(
    page.getByRole('row').filter({ hasText: 'Parity: All four bindings agree' }),
  ).toHaveCount(1);
});

test('parity without HTTP GET consent leaves that column "Not called"', async ({ page, stubs }) => {
  await stubs.goto();
  await stubs.key.fill(STABLE_KEY);
  await page.getByRole('button', { name: 'Call on all bindings' }).click();
  await page.getByRole('button', { name: 'Call the three without HTTP GET' }).click();
  await expect(page.getByTestId('parity-verdict')).toHaveText(
    'The 3 bindings that answered agree (HTTP GET: not called)',
  );
});

test('AddUserAssetIndex parity warns that it writes once per binding', async ({
  page,
  register,
}) => {
  await register.goto();
  await register.key.fill(DEMO_KEY);
  await register.serviceUri.fill(`https://e2e.example.org/parity/${Date.now()}`);
  await register.mediaType.fill('image');
  await page.getByRole('button', { name: 'Register on all bindings…' }).click();
  await expect(page.getByText('this registers the asset four times')).toBeVisible();
  await page.getByRole('button', { name: 'Call the three without HTTP GET' }).click();
  // Each registration returns its own new id: parity names exactly that field.
  await expect(page.getByTestId('parity-verdict')).toHaveText(
    /^value differs on (every binding|.*) \(HTTP GET: not called\)$/,
  );
});

test.describe('on a server with the HTTP bindings switched off', () => {
  let second: SecondConsole;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    second = await startSecondConsole({ INODE_EMULATOR_HTTP_BINDINGS: '0' });
  });
  test.afterAll(async () => second?.stop());

  test('the two HTTP columns say "switched off", the SOAP ones agree', async ({ page }) => {
    await page.goto(`${second.baseURL}/stubs`);
    await page.getByLabel('OpenIDKey', { exact: true }).fill(DEMO_KEY);
    await page.getByRole('button', { name: 'Call on all bindings' }).click();
    await page.getByRole('button', { name: 'Call all four, key in the HTTP GET URL' }).click();
    await expect(page.getByTestId('parity-verdict')).toHaveText(
      'The 2 bindings that answered agree (HTTP POST: switched off on the server; HTTP GET: switched off on the server)',
    );
    const outcome = page
      .getByRole('table', { name: 'Parity by binding' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Outcome', exact: true }) })
      .getByRole('cell');
    await expect(outcome).toHaveText([
      'Success',
      'Success',
      'Switched off on the server',
      'Switched off on the server',
    ]);
    await expectAccessible(page, 'parity: HTTP bindings switched off');
  });
});
