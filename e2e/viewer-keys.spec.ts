import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { fixtureTask, seedGallery } from './support/seed';

/**
 * The two viewers, Compare and the lightbox, with what exploratory QA found in them: Compare of videos and
 * pictures together (each shown in its own kind), one Escape to close either, and ← → in a lightbox opened
 * on a video from the keyboard; and the selection ring on a video tile.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp(
    (dir) =>
      void seedGallery(dir, {
        count: 24,
        withFiles: 24,
        seed: 11,
        extra: [
          fixtureTask('fx-noprompt', {
            operationId: 'vendor.expand',
            model: 'expand-v1',
            prompt: '',
            status: 'succeeded',
            createdAt: Date.now() + 60_000,
          }),
        ],
      }),
  );
});
test.afterAll(async () => {
  await app?.close();
});

/** Ids of the first tiles of each kind with their file (the seed mixes pictures and videos). */
async function tilesByKind(g: GalleryPage): Promise<{ videos: string[]; images: string[] }> {
  await expect(g.tiles.first()).toBeVisible();
  const tasks = (await app.core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 24 }))
    .items;
  const done = (kind: 'image' | 'video') =>
    tasks.filter((t) => t.results[0]?.kind === kind && t.results[0]?.state === 'done').map((t) => t.id);
  return { videos: done('video'), images: done('image') };
}

test('Compare of two videos and a picture shows each in its own kind, and one Escape closes it', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const { videos, images } = await tilesByKind(g);
  expect(videos.length).toBeGreaterThanOrEqual(2);
  expect(images.length).toBeGreaterThanOrEqual(1);
  for (const id of [videos[0], videos[1], images[0]])
    await g.tile(id ?? '').click({ modifiers: ['Control'] });
  await page.getByTestId('compare-selected').click();
  const compare = page.getByTestId('compare-view');
  await expect(compare).toHaveAttribute('data-kind', 'mixed');
  // The videos play as videos (they were <img> elements showing a broken picture), the picture as a picture.
  const players = compare.getByTestId('compare-cell-video');
  await expect(players).toHaveCount(2);
  await expect
    .poll(() => players.evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).readyState >= 1)))
    .toBe(true);
  await expect
    .poll(() =>
      compare.locator('img').evaluateAll((is) => is.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true]);
  // No wipe for a mix: it compares two pictures.
  await expect(compare.getByTestId('compare-mode-wipe')).toHaveCount(0);
  // Focus is on the dialog, not on a control whose tooltip the first Escape would only hide.
  await expect(compare).toBeFocused();
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(compare).toBeHidden();
});

test('a lightbox opened on a video from the keyboard moves with ← and →, not the video', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const { videos } = await tilesByKind(g);
  const id = videos[0] ?? '';
  await g.tile(id).focus();
  await page.keyboard.press('Enter');
  await expect(g.lightbox).toHaveAttribute('data-task-id', id);
  await expect(g.lightbox.getByTestId('lightbox-video')).toBeVisible();
  await expect(g.lightbox).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(g.lightbox).not.toHaveAttribute('data-task-id', id);
  await page.keyboard.press('ArrowLeft');
  await expect(g.lightbox).toHaveAttribute('data-task-id', id);
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toBeHidden();
});

test('a selected video tile shows its selection ring over the player', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const { videos } = await tilesByKind(g);
  const tile = g.tile(videos[0] ?? '');
  await expect(tile.locator('video')).toHaveCount(1);
  await tile.click({ modifiers: ['Control'] });
  await expect(tile).toHaveAttribute('aria-selected', 'true');
  await page.mouse.move(0, 0);
  const accent = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
  );
  const want = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16));
  const box = await tile.boundingBox();
  if (!box) throw new Error('no tile');
  // A pixel of the ring's left side, halfway down (the player covers it there).
  const shot = PNG.sync.read(
    await page.screenshot({
      clip: { x: Math.round(box.x) + 1, y: Math.round(box.y + box.height / 2), width: 1, height: 1 },
    }),
  );
  const got = [...shot.data.subarray(0, 3)];
  expect(
    Math.max(...got.map((v, i) => Math.abs(v - (want[i] ?? 0)))),
    `ring ${accent}, pixel rgb(${got.join(', ')})`,
  ).toBeLessThanOrEqual(24);
});

test('a task with no prompt is named on its tile by its operation and model', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tile('fx-noprompt')).toHaveAttribute('aria-label', 'Image expansion · expand-v1');
});
