import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Screenshots of what the issue 28 follow-up changed (test-results/screenshots/studio-28-split/, to be looked
 * at): the split with its handle focused, and the "Replace your prompt?" question, at 960×640 and 1600×1000,
 * light and dark, English and 简体中文. Checked on the way: nothing scrolls sideways.
 */
const DIR = 'test-results/screenshots/studio-28-split';
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
  await app.core.handlers.savePrompt({ name: 'Teapots', text: 'three glass teapots', operationId: 'gateway.text2image' });
});
test.afterAll(async () => {
  await app.close();
});

for (const [width, height] of [
  [960, 640],
  [1600, 1000],
] as const)
  for (const language of ['en', 'zh-CN'] as const)
    test(`split and prompt question at ${width}×${height}, ${language}, light and dark`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await app.core.handlers.updatePreferences({ language });
      await page.goto(app.url);
      const forms = new FormsPage(page);
      await forms.open('gateway.text2image');
      for (const theme of ['light', 'dark'] as const) {
        const tag = `${width}x${height}-${language}-${theme}`;
        await app.core.handlers.updatePreferences({ theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.getByTestId('split-handle').focus();
        await page.waitForTimeout(250);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${DIR}/${tag}-split.png` });
        await forms.fill('prompt', 'a red door');
        await forms.form.getByTestId('prompt-library').click();
        await page.getByTestId('saved-prompt').first().click();
        await expect(page.getByTestId('prompt-replace-confirm')).toBeVisible();
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${DIR}/${tag}-replace.png` });
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('prompt-replace-confirm')).toHaveCount(0);
      }
    });
