import { expect, test, type Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * Issue 31, scroll: nothing on a tile has a backdrop filter. A blur behind every tile's badges, star and
 * menu button made each one a compositing layer of its own (87 layers for 21 tiles, 38 without), re-layerized
 * and re-painted in every frame of a scroll; the overlays are opaque enough to read without it.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 120, withFiles: 40, seed: 9 }));
});
test.afterAll(async () => {
  await app?.close();
});

/** Elements in the grid with a backdrop filter, as "class: filter". */
function blurred(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="gallery-grid"] *')]
      .map((el) => [el.getAttribute('class') ?? el.tagName, getComputedStyle(el).backdropFilter] as const)
      .filter(([, f]) => f !== 'none')
      .map(([c, f]) => `${c}: ${f}`),
  );
}

test('no tile overlay has a backdrop filter, at rest or hovered', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  // The overlays are there to be checked: the star on every tile, badges on some.
  await expect(page.locator('[data-testid="gallery-grid"] .gl-star').first()).toBeAttached();
  await expect(page.locator('[data-testid="gallery-grid"] .gl-badge').first()).toBeAttached();
  expect(await blurred(page)).toEqual([]);

  const tile = page.locator('[data-testid="task-tile"][data-status="succeeded"]').first();
  await tile.hover();
  await expect(tile.locator('.gl-star')).toHaveCSS('opacity', '1');
  expect(await blurred(page)).toEqual([]);
  await tile.screenshot({ path: test.info().outputPath('hovered-tile.png') });
  await page.getByTestId('gallery-grid').screenshot({ path: test.info().outputPath('grid.png') });
});
