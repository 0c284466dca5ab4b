import { execFileSync } from 'node:child_process';
import { SEED_STUBS_KEY } from '../emulator/demo-users.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import type { BindingLabel } from './support/pages.ts';

// The seeded key whose 5 stubs no spec writes to: the console's read and curl's must see the
// same stubs while other specs register on this server (Alice's and Bob's grow meanwhile).
const KEY = SEED_STUBS_KEY;

for (const binding of ['SOAP 1.2', 'HTTP GET'] as BindingLabel[]) {
  test(`"Copy as curl" over ${binding} reproduces the console's answer`, async ({
    stubs,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await stubs.goto();
    expect(await stubs.call({ key: KEY, binding })).toBe('success');
    const consoleBody = await stubs.responseBody();

    const redacted = await stubs.curlCommand(false);
    expect(redacted).toContain('••••••');
    expect(redacted).not.toContain(KEY);

    const curl = await stubs.curlCommand(true);
    expect(curl).toContain(KEY);
    await expectAccessible(
      stubs.page,
      `raw exchange open, key revealed (${binding})`,
      'details.raw-exchange',
    );
    const copyCurl = stubs.page.locator('.raw-exchange-body > .toolbar');
    await copyCurl.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(copyCurl.getByRole('status')).toHaveText('Copied');
    const clipboard = String(await stubs.page.evaluate('navigator.clipboard.readText()'));
    expect(clipboard).toBe(curl);

    // -s: quiet; the command prints only the response body, as the service sent it.
    const curlBody = execFileSync('sh', ['-c', `${curl} -s`], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(curlBody.length).toBeGreaterThan(0);
    // "Copy response body" gives the body as received, as curl prints it.
    expect(curlBody).toBe(consoleBody);
  });
}
