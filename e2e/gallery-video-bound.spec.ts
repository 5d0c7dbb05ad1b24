import { expect, test } from '@playwright/test';
import { fakeTaskRecord, mulberry32 } from '../src/core/db/seed';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { inert, seedGallery } from './support/seed';

/**
 * Issue 31, scroll: however many video tiles are near the screen, at most 12 `<video>` players live at
 * once (each is a decoder and a first frame to decode); the others keep their placeholder until a player
 * is handed on. The history here is nothing but finished videos without a thumbnail.
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

test('a screen full of video tiles has at most 12 live players, and scrolling hands them on', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1900, height: 1400 });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  // More video tiles are on screen than players may live.
  expect(await g.tiles.count()).toBeGreaterThan(MAX_LIVE_VIDEOS);
  const players = page.locator('[data-testid="task-tile"] video');
  await expect(players).toHaveCount(MAX_LIVE_VIDEOS);
  await page.waitForTimeout(500);
  await expect(players).toHaveCount(MAX_LIVE_VIDEOS);

  // Scrolled to the end: the players moved to the tiles now on screen, still no more than 12.
  const firstWithPlayer = await players
    .first()
    .locator('xpath=ancestor::*[@data-testid="task-tile"]')
    .getAttribute('data-task-id');
  await page.getByTestId('gallery-grid').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect
    .poll(async () =>
      players.first().locator('xpath=ancestor::*[@data-testid="task-tile"]').getAttribute('data-task-id'),
    )
    .not.toBe(firstWithPlayer);
  expect(await players.count()).toBeLessThanOrEqual(MAX_LIVE_VIDEOS);
  await expect(players).toHaveCount(MAX_LIVE_VIDEOS);
});
