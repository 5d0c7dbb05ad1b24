import { expect, test, type Page } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

/**
 * Issue 28 §6: "Use as input" from the lightbox. Into a full list it still switches to that form and the
 * field says how to make room; the menu stays inside a 960×640 window.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 4, withFiles: 4, extra: galleryFixtures() }));
});
test.afterAll(async () => {
  await app?.close();
});

async function useAs(page: Page, g: GalleryPage, slot: string): Promise<void> {
  await g.tile('fx-zebra').click();
  await expect(g.lightbox).toBeVisible();
  await g.lightbox.getByTestId('use-as-input').click();
  await page.getByTestId(`use-as-input-${slot}`).click();
  await expect(g.lightbox).toBeHidden();
}

test('"Use as input" into a full list switches to that form, and the field says how to make room', async ({ page }) => {
  const g = new GalleryPage(page);
  const forms = new FormsPage(page);
  await g.open(app.url);
  await forms.open('unifiedVideo.generate');
  // The unified video's input images take four.
  for (let i = 0; i < 4; i++) await useAs(page, g, 'imageInput');
  await expect(forms.field('images').getByTestId('media-tile')).toHaveCount(4);
  await expect(page.getByTestId('slot-full-images')).toHaveCount(0);

  // From another form: the fifth switches to the unified video form, which says the list is full.
  await forms.open('gateway.text2image');
  await useAs(page, g, 'imageInput');
  await expect(forms.form).toHaveAttribute('data-op', 'unifiedVideo.generate');
  const note = forms.field('images').getByTestId('slot-full-images');
  await expect(note).toBeVisible();
  await expect(note).toHaveText('Full (4 of 4): remove one here to make room, then use it as input again.');
  await expect(note).toBeInViewport();
  await expect(forms.field('images').getByTestId('media-tile')).toHaveCount(4);

  // Making room takes the note away; the next "Use as input" fills the free place.
  await forms.field('images').getByTestId('media-tile').first().getByTestId('tile-remove').click();
  await expect(note).toHaveCount(0);
  await useAs(page, g, 'imageInput');
  await expect(forms.field('images').getByTestId('media-tile')).toHaveCount(4);
  await expect(page.getByTestId('slot-full-images')).toHaveCount(0);
});

test("at 960×640 the lightbox's \"Use as input\" menu stays inside the window", async ({ page }) => {
  await page.setViewportSize({ width: 960, height: 640 });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await g.tile('fx-zebra').click();
  await expect(g.lightbox).toBeVisible();
  await g.lightbox.getByTestId('use-as-input').click();
  const menu = page.getByTestId('use-as-input-menu');
  await expect(menu).toBeVisible();
  await page.waitForTimeout(200); // the opening animation
  const box = await menu.boundingBox();
  if (!box) throw new Error('the menu has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(960);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  // Every slot is reachable: the menu scrolls when it is taller than the room it has.
  const items = menu.getByRole('menuitem');
  const n = await items.count();
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) await page.keyboard.press('ArrowDown'); // opened by a press: the first goes to the first item
  await expect(items.nth(n - 1)).toBeFocused();
  await expect(items.nth(n - 1)).toBeInViewport();
});
