import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/a11y.ts';

test('the shell: navigation, deep links, target and binding always visible, narrow and dark', async ({
  page,
  shell,
  stubs,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Asset stubs · Inode Console');
  await expect(page).toHaveURL(/\/stubs$/);
  await expect(shell.currentTarget()).toHaveText('Embedded emulator');
  await expect(shell.currentBinding()).toHaveText('SOAP 1.1');

  for (const [name, path, heading] of [
    ['Register', '/register', 'Register'],
    ['Bulk register', '/bulk', 'Bulk register'],
    ['History', '/history', 'History'],
    ['Settings', '/settings', 'Settings'],
    ['Asset stubs', '/stubs', 'Asset stubs'],
  ] as const) {
    await shell.nav(name).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(shell.nav(name)).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${heading} · Inode Console`);
    await expect(page.getByRole('main')).toBeFocused();
  }

  // A shared link carries the non-secret parameters; a key in it is dropped from the address bar.
  await stubs.goto('?AssetType=image&OtherFilterCriteria=a%3D1&binding=http-get&OpenIDKey=leak');
  await expect(stubs.assetType).toHaveValue('image');
  await expect(stubs.filter).toHaveValue('a=1');
  await expect(stubs.binding).toHaveValue('http-get');
  await expect(shell.currentBinding()).toHaveText('HTTP GET');
  await expect(stubs.key).toHaveValue('');
  await expect(page).not.toHaveURL(/OpenIDKey/);
  await expect(page.getByRole('note')).toContainText('OpenIDKey in the URL');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

for (const [name, viewport, scheme] of [
  ['1280 px, light', { width: 1280, height: 800 }, 'light'],
  ['narrow, dark', { width: 390, height: 844 }, 'dark'],
] as const) {
  test(`every page is accessible and fits: ${name}`, async ({ page, shell }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/stubs');
    // In-app navigation from page to page (deep links are the test above's): one page load, not
    // five, of the dev server's unbundled modules.
    for (const [link, path] of [
      ['Asset stubs', '/stubs'],
      ['Register', '/register'],
      ['Bulk register', '/bulk'],
      ['History', '/history'],
      ['Settings', '/settings'],
    ] as const) {
      if (path !== '/stubs') await shell.nav(link).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // Each page's heading is its link's name: the page shown is the one reached.
      await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(Number(overflow), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${path} (${name})`);
    }
  });
}
