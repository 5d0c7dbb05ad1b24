import { expect, test, type Page } from '@playwright/test';
import { fakeTaskRecord, mulberry32 } from '../src/core/db/seed';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { inert, seedGallery } from './support/seed';

/**
 * Issue 31, scroll: however many video tiles are near the screen, at most 12 `<video>` players live at
 * once (each is a decoder and a first frame to decode); the others keep their placeholder until a player
 * is handed on. A player lives until its first frame is copied into a picture (video-frames.ts), and again
 * while the pointer is on the tile. The history here is nothing but finished videos without a thumbnail.
 */
const MAX_LIVE_VIDEOS = 12;
let app: RunningGalleryApp;

/** `n` finished video tasks (newest first), each with its result file to be written by the seed. */
function videos(n: number): TaskRecord[] {
  const rng = mulberry32(11);
  const out: TaskRecord[] = [];
  const now = Date.now();
  for (let i = 0; out.length < n && i < 20_000; i++) {
    const r = inert(fakeTaskRecord(rng, i, { now }));
    const first = r.results[0];
    if (r.status !== 'succeeded' || first?.kind !== 'video' || !first.file) continue;
    out.push({ ...r, results: [{ ...first, thumbnail: null }], createdAt: now - out.length * 1000 });
  }
  return out;
}

test.beforeAll(async () => {
  app = await startGalleryApp((dir) => {
    seedGallery(dir, { count: 0, extra: videos(80) });
  });
});
test.afterAll(async () => {
  await app?.close();
});

/** Counts, in the page, the most tile `<video>` players alive at once (sampled on every DOM change). */
const COUNT_PLAYERS = String.raw`(() => {
  window.__maxPlayers = 0;
  const count = () => {
    const n = document.querySelectorAll('[data-testid="task-tile"] video').length;
    if (n > window.__maxPlayers) window.__maxPlayers = n;
  };
  new MutationObserver(count).observe(document, { childList: true, subtree: true });
})();`;
const maxPlayers = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __maxPlayers: number }).__maxPlayers);
/** Tiles in the grid's visible part that do not show their first frame as a picture yet. */
const withoutFrame = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="task-tile"]')].filter((t) => {
        const grid = document.querySelector('[data-testid="gallery-grid"]')?.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        const seen = grid && r.bottom > grid.top && r.top < Math.min(grid.bottom, innerHeight);
        return seen && !t.querySelector('img[data-video-frame]');
      }).length,
  );

test('a screen full of video tiles has at most 12 live players, each released once its frame is shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1900, height: 1400 });
  await page.addInitScript(COUNT_PLAYERS);
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  // More video tiles are on screen than players may live.
  expect(await g.tiles.count()).toBeGreaterThan(MAX_LIVE_VIDEOS);
  const players = page.locator('[data-testid="task-tile"] video');
  const frames = page.locator('[data-testid="task-tile"] img[data-video-frame]');
  // Every tile ends with its first frame as a picture, and no player is left alive (a live player is torn
  // down on the main thread when the page unloads, issue 31); never more than 12 players at once meanwhile.
  await expect.poll(() => withoutFrame(page), { timeout: 15_000 }).toBe(0);
  await expect(players).toHaveCount(0);
  expect(await maxPlayers(page)).toBeGreaterThan(0);
  expect(await maxPlayers(page)).toBeLessThanOrEqual(MAX_LIVE_VIDEOS);

  // Scrolled to the end: the tiles now on screen get their frames the same way, still never more than 12.
  const firstFramed = await frames
    .first()
    .locator('xpath=ancestor::*[@data-testid="task-tile"]')
    .getAttribute('data-task-id');
  await page.getByTestId('gallery-grid').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect
    .poll(async () =>
      frames.first().locator('xpath=ancestor::*[@data-testid="task-tile"]').getAttribute('data-task-id'),
    )
    .not.toBe(firstFramed);
  await expect.poll(() => withoutFrame(page), { timeout: 15_000 }).toBe(0);
  await expect(players).toHaveCount(0);
  expect(await maxPlayers(page)).toBeLessThanOrEqual(MAX_LIVE_VIDEOS);
});

test('a video tile plays while the pointer is on it, then shows its frame again', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  const g = new GalleryPage(page);
  await g.open(app.url);
  const tile = g.tiles.first();
  await expect(tile.locator('img[data-video-frame]')).toHaveCount(1, { timeout: 15_000 });
  await tile.hover();
  const video = tile.locator('video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await page.mouse.move(1, 1);
  await expect(video).toHaveCount(0);
  await expect(tile.locator('img[data-video-frame]')).toHaveCount(1);
});

test('a tile whose kept frame no longer loads gets it from its player again, not a broken picture', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  const g = new GalleryPage(page);
  await g.open(app.url);
  const first = g.tiles.first();
  const id = await first.getAttribute('data-task-id');
  const frame = first.locator('img[data-video-frame]');
  await expect(frame).toHaveCount(1, { timeout: 15_000 });
  const kept = await frame.getAttribute('src');
  // As when the frame cache dropped it: its object URL is revoked while the tile is scrolled away.
  await page.evaluate((url) => URL.revokeObjectURL(url ?? ''), kept);
  const grid = page.getByTestId('gallery-grid');
  await grid.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.locator(`[data-task-id="${id}"]`)).toHaveCount(0);
  await grid.evaluate((el) => (el.scrollTop = 0));
  const again = page.locator(`[data-task-id="${id}"] img[data-video-frame]`);
  await expect(again).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => again.getAttribute('src')).not.toBe(kept);
  await expect(again).toHaveJSProperty('complete', true);
  expect(await again.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
