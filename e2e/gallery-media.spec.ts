import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { fixtureTask, seedGallery } from './support/seed';

let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 40, extra: galleryFixtures() }));
  await app.core.handlers.updatePreferences({ theme: 'dark' });
});
test.afterAll(async () => {
  await app?.close();
});

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

test('a video result plays and seeks in the lightbox (the media route answers 206)', async ({ page }) => {
  const ranges: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/media/library/videos/fx-video-0.mp4')) ranges.push(r.status());
  });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await g.tile('fx-video').click();
  const video = page.getByTestId('lightbox-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(2.5);

  // Seek: set currentTime, wait for `seeked`, read it back.
  const after = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.pause();
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 2;
      }),
  );
  expect(after).toBeCloseTo(2, 1);
  // Play: time moves forward from the seek point.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 0.5;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.9);
  expect(ranges).toContain(206);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1.5;
  });
  await page.waitForTimeout(300);
  await g.screenshot('lightbox-video-dark');
});

test('save as (web mode) downloads a byte-identical copy of the result', async ({ page }, info) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await g.tile('fx-video').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lightbox-save').click()]);
  const target = info.outputPath('saved.mp4');
  await download.saveAs(target);
  expect(download.suggestedFilename()).toBe('fx-video-0.mp4');
  expect(sha256(target)).toBe(sha256(join(app.libraryDir, 'videos/fx-video-0.mp4')));
  await page.keyboard.press('Escape');

  // The same from a tile's menu, for an image.
  const [image] = await Promise.all([page.waitForEvent('download'), g.menuAction('fx-zebra', 'saveAs')]);
  const imageTarget = info.outputPath('saved.png');
  await image.saveAs(imageTarget);
  expect(sha256(imageTarget)).toBe(sha256(join(app.libraryDir, 'images/fx-zebra-0.png')));
});

test('delete asks first, then removes the task and its files', async ({ page }) => {
  const files = ['images/fx-zebra-0.png', 'images/fx-zebra-1.png'].map((f) => join(app.libraryDir, f));
  for (const f of files) expect(existsSync(f)).toBe(true);
  const g = new GalleryPage(page);
  await g.open(app.url);
  const before = await g.total();
  await g.menuAction('fx-zebra', 'delete');
  const dialog = page.getByTestId('confirm-delete');
  await expect(dialog).toContainText('2 files');
  await expect(page.getByTestId('delete-files')).toBeChecked();
  await g.screenshot('delete-confirm-dark');
  await page.getByTestId('confirm-delete-button').click();
  await expect(g.tile('fx-zebra')).toHaveCount(0);
  await expect(g.root).toHaveAttribute('data-total', String(before - 1));
  await expect.poll(() => files.map((f) => existsSync(f))).toEqual([false, false]);
  // Gone from core too: a reload does not bring it back.
  await page.reload();
  await expect(g.tiles.first()).toBeVisible();
  await expect(g.tile('fx-zebra')).toHaveCount(0);
});

test('a press on a tile that turns into its video as the result arrives still opens it', async ({ page }) => {
  // Chromium makes no click when the element pressed is replaced before the release: a video tile's player
  // must go into the placeholder the press started on, not take its place.
  const g = new GalleryPage(page);
  await g.open(app.url);
  const task = { operationId: 'videos.create', prompt: 'A heron lifting off a misty pond', createdAt: Date.now() } as const;
  app.put(fixtureTask('fx-press', { ...task, status: 'running' }));
  const tile = g.tile('fx-press');
  await expect(tile.locator('.gl-placeholder')).toBeVisible();
  // A point of the tile where the placeholder itself is uppermost (not its status line or badges).
  const point = await tile.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (const fy of [0.5, 0.35, 0.65, 0.25, 0.75])
      for (const fx of [0.5, 0.3, 0.7]) {
        const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
        if (document.elementFromPoint(x, y)?.closest('.gl-placeholder')) return { x, y };
      }
    return null;
  });
  expect(point, 'no point of the running tile shows its placeholder').not.toBeNull();
  if (!point) return;
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  const source = app.core.store.get('fx-video');
  app.put(fixtureTask('fx-press', { ...task, status: 'succeeded', finishedAt: Date.now(), results: source?.results ?? [] }));
  await expect(tile.locator('video')).toHaveCount(1);
  await page.mouse.up();
  await expect(g.lightbox).toHaveAttribute('data-task-id', 'fx-press');
  await page.keyboard.press('Escape');
});

/** A point of `tile` where an element matching `inside` (and no button) is uppermost, or null. */
function pointOn(tile: Locator, inside: string) {
  return tile.evaluate((el, sel) => {
    const box = el.getBoundingClientRect();
    for (let fy = 0.05; fy < 1; fy += 0.05)
      for (const fx of [0.3, 0.5, 0.2, 0.7]) {
        const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest(sel) && !hit.closest('button')) return { x, y };
      }
    return null;
  }, inside);
}

test('a press on a running tile\'s status line as the task finishes still opens it; a press on its vanishing button opens nothing', async ({ page }) => {
  // The status line leaves the tile when the task is done: the element pressed is gone at the release, and
  // Chromium then makes no click (hooks/use-press-click.ts makes the release on the tile the click).
  const g = new GalleryPage(page);
  await g.open(app.url);
  const task = { operationId: 'gateway.text2image', prompt: 'A lighthouse keeper reading by lamplight', createdAt: Date.now() } as const;
  const source = app.core.store.get('fx-zebra');
  app.put(fixtureTask('fx-line', { ...task, status: 'running', submittedAt: Date.now() }));
  const tile = g.tile('fx-line');
  await expect(tile.getByTestId('live-status')).toBeVisible();
  const point = await pointOn(tile, '[data-testid="live-status"]');
  expect(point, 'no point of the running tile shows its status line').not.toBeNull();
  if (!point) return;
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  app.put(fixtureTask('fx-line', { ...task, status: 'succeeded', finishedAt: Date.now(), results: source?.results ?? [] }));
  await expect(tile.getByTestId('live-status')).toHaveCount(0);
  await page.mouse.up();
  await expect(g.lightbox).toHaveAttribute('data-task-id', 'fx-line');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);

  // A press that began on "Check again" was meant for it: when the task finishes under it, nothing opens.
  const stalled = { ...task, prompt: 'A kite over salt flats', status: 'stalled' as const, submittedAt: Date.now() - 60_000 };
  app.put(fixtureTask('fx-check', stalled));
  const check = g.tile('fx-check').getByRole('button', { name: /check again/i });
  await expect(check).toBeVisible();
  const box = await check.boundingBox();
  if (!box) throw new Error('the "Check again" button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  app.put(fixtureTask('fx-check', { ...stalled, status: 'succeeded', finishedAt: Date.now(), results: source?.results ?? [] }));
  await expect(check).toHaveCount(0);
  await page.mouse.up();
  // Give a wrongly made click time to open the lightbox before saying it did not.
  await page.waitForTimeout(400);
  await expect(g.lightbox).toHaveCount(0);
});

test('a status note on a tile is never crossed by its placeholder icon (unknown, stalled, failed)', async ({ page }) => {
  // The icon sits at the tile's centre; a note of three lines reaches over it, and the icon showed between them.
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tile('fx-unknown').locator('.gl-live-note')).toBeVisible();
  const crossings = await page.evaluate(() => {
    const hits: string[] = [];
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const tile of document.querySelectorAll('[data-testid="task-tile"]')) {
      const icon = tile.querySelector('.gl-placeholder svg');
      if (!icon || getComputedStyle(icon).visibility === 'hidden') continue;
      const box = icon.getBoundingClientRect();
      for (const text of tile.querySelectorAll('.gl-live-label, .gl-live-note, .gl-live-error, .gl-live-sub'))
        if (overlap(box, text.getBoundingClientRect())) hits.push(`${tile.getAttribute('data-task-id')}: ${text.className}`);
    }
    return hits;
  });
  expect(crossings).toEqual([]);
  // Where nothing reaches it, the icon still shows what kind of task it is.
  await expect(g.tile('fx-stalled').locator('.gl-placeholder svg')).toBeVisible();
});
