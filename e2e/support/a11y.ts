import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails with a readable list when axe finds any WCAG 2.1 AA violation on the page as it is now
 * (or only in `within`, a CSS selector, when one part is under test).
 */
export async function expectAccessible(page: Page, state: string, within?: string): Promise<void> {
  // axe.run in the page itself: the console has no frames, so the default (runPartial in each
  // frame, then finishRun in a blank page opened for each check) finds the same and costs a page.
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode();
  const results = await (within ? builder.include(within) : builder).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in state "${state}"`).toEqual([]);
}
