import { expect, type Page } from '@playwright/test';

/** Picks an option of a Select primitive (a button that opens a listbox) by its value. */
export async function pickValue(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).click();
  const list = page.getByTestId(`${testId}-options`);
  await expect(list).toBeVisible();
  await list.locator(`[role="option"][data-value="${value}"]`).click();
  await expect(list).toBeHidden();
}

/** Picks an option of a Select primitive by its visible label. */
export async function pickLabel(page: Page, testId: string, label: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  const list = page.getByTestId(`${testId}-options`);
  await expect(list).toBeVisible();
  await list.getByRole('option', { name: label }).click();
  await expect(list).toBeHidden();
}

/** Records any call to window.prompt / confirm / alert (none may happen: the renderer asks in the page). */
export async function recordBrowserDialogs(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __dialogCalls: string[] } & Record<'prompt' | 'confirm' | 'alert', unknown>;
    w.__dialogCalls = [];
    for (const name of ['prompt', 'confirm', 'alert'] as const) {
      w[name] = (...args: unknown[]) => {
        w.__dialogCalls.push(`${name}(${args.map(String).join(', ')})`);
        return null;
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { __dialogCalls: string[] }).__dialogCalls);
}
