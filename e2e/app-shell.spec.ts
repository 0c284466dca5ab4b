import { test, expect } from '@playwright/test';

test('the console loads in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Inode Console');
  await expect(page.getByRole('heading', { level: 1, name: 'Inode Console' })).toBeVisible();
});
