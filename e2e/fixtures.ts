/**
 * The console's Playwright test: page objects as fixtures, plus the demo keys the embedded
 * emulator seeds (contracts.md §3).
 */
import { test as base } from '@playwright/test';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { HistoryPage, RegisterPage, SettingsPage, Shell, StubsPage } from './support/pages.ts';

export const DEMO_KEY = DEMO_USERS[0]?.openIdKey ?? 'demo-alice-key';

export const test = base.extend<{
  shell: Shell;
  stubs: StubsPage;
  register: RegisterPage;
  settings: SettingsPage;
  history: HistoryPage;
}>({
  shell: async ({ page }, use) => use(new Shell(page)),
  stubs: async ({ page }, use) => use(new StubsPage(page)),
  register: async ({ page }, use) => use(new RegisterPage(page)),
  settings: async ({ page }, use) => use(new SettingsPage(page)),
  history: async ({ page }, use) => use(new HistoryPage(page)),
});

export { expect } from '@playwright/test';
