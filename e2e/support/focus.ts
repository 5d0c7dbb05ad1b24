import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element, shortened, for failure messages. */
export const activeElement = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'none');

/** Tabs `n` times (and back) and checks focus never leaves `dialog`. */
export async function expectTrapped(page: Page, dialog: Locator, n = 25): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `after ${i + 1}× ${key} focus is on ${await activeElement(page)}`).toBe(true);
    }
  }
}

/** Focus is inside `dialog` (it took focus when it opened). */
export async function expectFocusInside(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** Escape closes the dialog; a tooltip showing on the focused control takes the first press (as a native one would). */
export async function escapeCloses(page: Page, dialog: Locator): Promise<void> {
  const tooltipShown = (await page.getByTestId('tooltip').count()) > 0;
  await page.keyboard.press('Escape');
  if (tooltipShown) {
    await expect(page.getByTestId('tooltip')).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  await expect(dialog).toBeHidden();
}

export async function expectFocused(page: Page, target: Locator): Promise<void> {
  await expect(target, `focus is on ${await activeElement(page)}`).toBeFocused();
}

/**
 * The tooltip that is showing. A tooltip that just closed stays in the page while it fades out, so a
 * plain `getByTestId('tooltip')` can match two (moving from one control to the next does that).
 */
export const shownTooltip = (page: Page): Locator => page.locator('[data-testid="tooltip"]:not([data-state="closed"])');
