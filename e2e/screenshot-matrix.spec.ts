import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

/**
 * The screenshot matrix a new user's walkthrough is checked against (issue 15): form, gallery, lightbox and
 * settings at three window sizes, light and dark. Saved under test-results/screenshots/matrix/ for a person to
 * open and look at; the assertions only check that each view is whole (nothing scrolls sideways).
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => {
    seedGallery(dir, { count: 40, withFiles: 40, extra: galleryFixtures() });
  });
});
test.afterAll(async () => {
  await app?.close();
});

const SIZES = [
  [960, 640],
  [1280, 800],
  [1600, 1000],
] as const;

for (const [width, height] of SIZES) {
  test(`form, gallery, lightbox and settings at ${width}×${height}, light and dark`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const forms = new FormsPage(page);
    const g = new GalleryPage(page);
    const shot = async (name: string, theme: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/screenshots/matrix/${width}x${height}-${theme}-${name}.png`,
      });
    };
    await g.open(app.url);
    for (const theme of ['light', 'dark'] as const) {
      await app.core.handlers.updatePreferences({ theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await forms.open('gateway.text2video');
      await forms.fill('prompt', 'A paper boat drifting down a rainy street at dusk, warm window light');
      await shot('form', theme);
      await expect(g.tiles.first()).toBeVisible();
      await g.tile('fx-failed').hover();
      await shot('gallery', theme);
      await g.tile('fx-zebra').click();
      await expect(page.getByTestId('lightbox-image')).toHaveJSProperty('complete', true);
      await shot('lightbox', theme);
      await page.keyboard.press('Escape');
      await page.getByTestId('open-settings').click();
      await expect(page.getByTestId('settings')).toBeVisible();
      await shot('settings', theme);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings')).toHaveCount(0);
    }
  });
}
