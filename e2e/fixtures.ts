/**
 * The console's Playwright test: page objects as fixtures, plus the demo keys the embedded
 * emulator seeds (`emulator/demo-users.ts`). Every test also records Content-Security-Policy violations
 * (the DOM's securitypolicyviolation events and Chromium's console reports, workers included)
 * and fails if there is any: the whole suite proves the console runs under its CSP. It also fails
 * on an uncaught error in a page and on anything a page logs as an error other than a failed
 * resource load (a 502 or a 403 the test asked for): on the dev server that includes React's own
 * warnings. A test that times out reports what its page was doing (stuck-page.ts).
 */
import { test as base, expect } from '@playwright/test';
import { DEMO_USERS } from '../emulator/demo-users.ts';
import { HistoryPage, RegisterPage, SettingsPage, Shell, StubsPage } from './support/pages.ts';
import { debuggablePage, describeStuckPage } from './support/stuck-page.ts';

export const DEMO_KEY = DEMO_USERS[0]?.openIdKey ?? 'demo-alice-key';

const CSP_CONSOLE_REPORT = /Content Security Policy/i;
/** Chromium's line for any answer with an error status, which failure flows ask for. */
const FAILED_RESOURCE = /^Failed to load resource: /;

export const test = base.extend<{
  /** Errors a test's own pages are meant to log (an attacker page's blocked fetch). */
  allowedPageErrors: RegExp[];
  cspViolations: string[];
  pageErrors: string[];
  shell: Shell;
  stubs: StubsPage;
  register: RegisterPage;
  settings: SettingsPage;
  history: HistoryPage;
}>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__inodeReportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      // A string: this file is type-checked for Node, without the DOM's types.
      await context.addInitScript(`
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__inodeReportCspViolation?.(
            event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' +
              event.documentURI + ' (' + event.sourceFile + ':' + event.lineNumber + ')',
          );
        });
      `);
      context.on('console', (message) => {
        if (CSP_CONSOLE_REPORT.test(message.text())) violations.push(message.text());
      });
      context.on('page', (page) =>
        page.on('worker', (worker) =>
          worker.on('console', (message) => {
            if (CSP_CONSOLE_REPORT.test(message.text())) violations.push(message.text());
          }),
        ),
      );
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  allowedPageErrors: [[], { option: true }],
  pageErrors: [
    async ({ context, allowedPageErrors }, use) => {
      const errors: string[] = [];
      // CSP's reports are cspViolations' to count.
      const allowed = [FAILED_RESOURCE, CSP_CONSOLE_REPORT, ...allowedPageErrors];
      context.on('weberror', (error) =>
        errors.push(`uncaught: ${error.error().stack ?? String(error.error())}`),
      );
      context.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || allowed.some((pattern) => pattern.test(text))) return;
        errors.push(`console.error: ${text} (${message.location().url})`);
      });
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use, testInfo) => {
    const session = await debuggablePage(page);
    await use(page);
    if (testInfo.status !== 'timedOut') return;
    const report = await describeStuckPage(page, session);
    console.log(`Timed out; the test's page:\n${report}`);
    await testInfo.attach('stuck page', { body: report, contentType: 'text/plain' });
  },
  shell: async ({ page }, use) => use(new Shell(page)),
  stubs: async ({ page }, use) => use(new StubsPage(page)),
  register: async ({ page }, use) => use(new RegisterPage(page)),
  settings: async ({ page }, use) => use(new SettingsPage(page)),
  history: async ({ page }, use) => use(new HistoryPage(page)),
});

export { expect };
