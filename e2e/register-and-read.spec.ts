import { BINDING_LABELS } from './support/pages.ts';
import { expectAccessible } from './support/a11y.ts';
import { DEMO_KEY, expect, test } from './fixtures.ts';

test('register an index on each binding, see the ID, then read it back in DataStubs on each binding', async ({
  page,
  register,
  stubs,
  shell,
}) => {
  const uris = new Map<string, string>();
  await register.goto();
  await expectAccessible(page, 'register: empty form');

  for (const binding of BINDING_LABELS) {
    const serviceUri = `https://e2e.example.org/${binding.replace(/\W+/g, '-').toLowerCase()}/${Date.now()}`;
    uris.set(binding, serviceUri);
    const kind = await register.register({
      key: DEMO_KEY,
      serviceUri,
      mediaType: 'image',
      binding,
    });
    expect(kind, `register over ${binding}`).toBe('success');
    await expect(shell.currentBinding()).toHaveText(binding);
    await expect(register.returnedValue).toHaveText(/\S+/);
    await expect(register.returnedValue).not.toHaveText(/^ERROR/);
    await expect(register.registrations.getByRole('cell', { name: serviceUri })).toBeVisible();
    if (binding === 'HTTP GET') {
      await expect(page.getByRole('note')).toContainText('OpenIDKey in the URL');
    }
  }
  await expectAccessible(page, 'register: success');

  await shell.nav('Asset stubs').click();
  await expect(page).toHaveURL(/\/stubs/);
  for (const binding of BINDING_LABELS) {
    const kind = await stubs.call({ key: DEMO_KEY, binding });
    expect(kind, `GetAssetStubs over ${binding}`).toBe('success');
    await expect(stubs.field('Success')).toHaveText('true');
    await expect(stubs.dataStubsSummary).toContainText('×');
    await expect(stubs.dataStubs).toBeVisible();
    const body = await stubs.responseBody();
    for (const uri of uris.values()) expect(body, `${binding} response`).toContain(uri);
  }
  await expectAccessible(page, 'stubs: success');
  // Non-secret parameters are in the URL for sharing; the key is not.
  expect(page.url()).toContain('binding=http-get');
  expect(page.url()).not.toContain(DEMO_KEY);
});
