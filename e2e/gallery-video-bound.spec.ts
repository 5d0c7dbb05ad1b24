import { expect, test, type Page } from '@playwright/test';
import { fakeTaskRecord, mulberry32 } from '../src/core/db/seed';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { inert, seedGallery } from './support/seed';

/**
 * Issue 31, scroll and first paint: however many video tiles are near the screen, at most 12 `<video>`
 * players live at once (each is a decoder and a first frame to decode); the others keep their placeholder
 * until a player is handed on. A player lives until its first frame is kept as the element's poster, then it
 * is released (players alive at a reload are torn down before the next page starts); hovering plays the
 * same element again. The history here is nothing but finished videos without a thumbnail.
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

/** Live players: `<video>` elements of tiles with a source (a released one keeps only its poster). */
const livePlayers = (page: Page) => page.locator('[data-testid="task-tile"] video[src]');

/** Video tiles in the grid's visible area that show no kept frame. */
const withoutFrame = (page: Page) =>
  page.getByTestId('gallery-grid').evaluate(
    (grid) =>
      [...grid.querySelectorAll('[data-testid="task-tile"]')].filter((t) => {
        const r = t.getBoundingClientRect();
        const view = grid.getBoundingClientRect();
        if (r.bottom <= view.top || r.top >= view.bottom) return false;
        const v = t.querySelector('video');
        return !v || !v.hasAttribute('data-frame');
      }).length,
  );

/** The most live players seen in any frame until `done` holds (sampled every animation frame). */
async function maxLiveWhile(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (dur) =>
      new Promise<number>((resolve) => {
        let max = 0;
        const t0 = performance.now();
        const tick = () => {
          max = Math.max(max, document.querySelectorAll('[data-testid="task-tile"] video[src]').length);
          if (performance.now() - t0 < dur) requestAnimationFrame(tick);
          else resolve(max);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

test('a screen full of video tiles never has more than 12 live players; each keeps its frame and releases its player', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1900, height: 1400 });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  // More video tiles are on screen than players may live.
  expect(await g.tiles.count()).toBeGreaterThan(MAX_LIVE_VIDEOS);
  const most = await maxLiveWhile(page, 1500);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(MAX_LIVE_VIDEOS);
  // Every tile on screen ends with its frame as the poster, and no player is left alive.
  await expect.poll(() => withoutFrame(page), { timeout: 20_000 }).toBe(0);
  await expect(livePlayers(page)).toHaveCount(0);

  // Scrolled to the end: the tiles there get their frames the same way, still no more than 12 at once.
  await page.getByTestId('gallery-grid').evaluate((el) => (el.scrollTop = el.scrollHeight));
  expect(await maxLiveWhile(page, 1000)).toBeLessThanOrEqual(MAX_LIVE_VIDEOS);
  await expect.poll(() => withoutFrame(page), { timeout: 20_000 }).toBe(0);
  await expect(livePlayers(page)).toHaveCount(0);
});

test('a video tile is one element under the pointer: hovering plays it in place, a click opens it, leaving releases the player', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const tile = g.tiles.nth(1);
  const media = tile.locator('video');
  await expect(media).toHaveAttribute('data-frame', '', { timeout: 20_000 });
  await expect(media).not.toHaveAttribute('src');
  // Mark the element, then hover: the same element plays (nothing was swapped in under the pointer).
  await media.evaluate((v) => ((v as HTMLVideoElement & { mark?: boolean }).mark = true));
  await tile.hover();
  await expect.poll(() => media.evaluate((v) => !(v as HTMLVideoElement).paused)).toBe(true);
  expect(await media.evaluate((v) => (v as HTMLVideoElement & { mark?: boolean }).mark === true)).toBe(true);
  await tile.click();
  await expect(g.lightbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expect(media).not.toHaveAttribute('src');
  expect(await media.evaluate((v) => (v as HTMLVideoElement & { mark?: boolean }).mark === true)).toBe(true);
  // A video tile never hovered before opens on a click too.
  await g.tiles.nth(3).click();
  await expect(g.lightbox).toBeVisible();
});
