import { expect, test } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * Issue 31, cold first paint: the toasts' host (Radix toast) is a chunk of its own, fetched with the first
 * toast, which then shows; the next toast needs no new fetch.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 30, withFiles: 10, seed: 5 }));
});
test.afterAll(async () => {
  await app?.close();
});

test('the toasts’ host is fetched with the first toast, which shows; the second needs no new fetch', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripts: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  const g = new GalleryPage(page);
  await g.open(app.url);
  const tile = page.locator('[data-testid="task-tile"][data-status="succeeded"]').first();
  await expect(tile).toBeVisible();
  await page.waitForTimeout(500);
  const toastChunk = () => scripts.filter((s) => /\/Toasts-[^/]*\.js$/.test(s));
  expect(toastChunk()).toEqual([]);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await tile.hover();
  await tile.getByTestId('task-menu').click();
  await page.getByTestId('action-copyPrompt').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  expect(toastChunk()).toHaveLength(1);
  // The region says which key reaches it, once, with no placeholder left in its name.
  await expect(page.getByRole('region', { name: 'Notifications (F8)', exact: true })).toHaveCount(1);

  await tile.getByTestId('task-menu').click();
  await page.getByTestId('action-copyId').click();
  await expect(page.getByTestId('toast')).toHaveCount(2);
  expect(toastChunk()).toHaveLength(1);
});
