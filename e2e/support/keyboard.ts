import { expect, type Locator, type Page } from '@playwright/test';

async function isFocused(target: Locator): Promise<boolean> {
  try {
    await expect(target).toBeFocused({ timeout: 25 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves focus with Tab (or Shift+Tab) until `target` has it, as a keyboard user would, and
 * fails if it never does: proof the control is reachable without a mouse.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, 'reachable by Tab').toBeFocused();
}

/** Focuses a field by Tab and types into it, replacing what was there. */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  if (text) await page.keyboard.type(text);
}

/** Chooses an option of a focused <select> by typing its label, as keyboard users do. */
export async function chooseOption(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  const labels = await select.locator('option').allTextContents();
  const current = labels.indexOf((await select.locator('option:checked').textContent()) ?? '');
  const wanted = labels.indexOf(label);
  const steps = wanted - current;
  for (let i = 0; i < Math.abs(steps); i++)
    await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(select.locator('option:checked')).toHaveText(label);
}
