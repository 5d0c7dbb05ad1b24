import { expect, test, type Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * Issue 31, scroll: in a fling (more than 120 px between two scroll events), a tile that only flies past
 * never asks for its picture: no thumbnail is made by core, fetched or decoded for it. A slower scroll asks
 * as before, and when the fling stops every tile on screen shows its picture.
 */
let app: RunningGalleryApp;
/** Finished tasks whose first result is an image with its file: their tiles show its thumbnail. */
let pictured: string[] = [];
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => {
    pictured = seedGallery(dir, { count: 400, withFiles: 400, seed: 5 })
      .filter((r) => r.status === 'succeeded' && r.results[0]?.kind === 'image' && r.results[0].file)
      .map((r) => r.id);
  });
});
test.afterAll(async () => {
  await app?.close();
});

/** The task ids whose thumbnail the page asked for (`/media/thumbs/<id>-<index>.webp`). */
function thumbnailRequests(page: Page): Set<string> {
  const ids = new Set<string>();
  page.on('request', (r) => {
    const m = /\/media\/thumbs\/([A-Za-z0-9_-]+)-\d+\.webp/.exec(r.url());
    if (m?.[1]) ids.add(m[1]);
  });
  return ids;
}

/** Scrolls the grid `px` per frame for `frames` frames; answers the ids of every tile mounted on the way. */
async function scroll(page: Page, px: number, frames: number): Promise<string[]> {
  return page.getByTestId('gallery-grid').evaluate(
    (grid, { px, frames }) =>
      new Promise<string[]>((resolve) => {
        const seen = new Set<string>();
        let n = 0;
        const frame = () => {
          for (const t of grid.querySelectorAll<HTMLElement>('[data-testid="task-tile"]'))
            seen.add(t.dataset.taskId ?? '');
          grid.scrollTop += px;
          if (++n < frames) requestAnimationFrame(frame);
          else resolve([...seen]);
        };
        requestAnimationFrame(frame);
      }),
    { px, frames },
  );
}

const tileIds = (page: Page) =>
  page.locator('[data-testid="gallery-grid"] [data-testid="task-tile"]').evaluateAll((ts) =>
    ts.map((t) => (t as HTMLElement).dataset.taskId ?? ''),
  );

/** Tiles on screen of a finished image task that do not show a loaded picture. */
const withoutPicture = (page: Page) =>
  page.locator('[data-testid="gallery-grid"] [data-testid="task-tile"]').evaluateAll(
    (ts, ids) =>
      ts.filter((t) => {
        const r = t.getBoundingClientRect();
        if (r.bottom < 0 || r.top > innerHeight || !ids.includes((t as HTMLElement).dataset.taskId ?? '')) return false;
        const img = t.querySelector('img.gl-media') as HTMLImageElement | null;
        return !(img?.complete && img.naturalWidth > 0);
      }).length,
    pictured,
  );

test('tiles that only fly past in a fling never ask for their thumbnail; the tiles where it stops show theirs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const asked = thumbnailRequests(page);
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  await expect.poll(() => withoutPicture(page)).toBe(0);
  const before = new Set(asked);

  const flown = await scroll(page, 200, 25);
  await expect.poll(() => withoutPicture(page)).toBe(0);
  const atRest = new Set(await tileIds(page));
  const flownPast = flown.filter((id) => pictured.includes(id) && !before.has(id) && !atRest.has(id));
  // The fling mounted many tiles that were gone when it stopped (what this test is about)…
  expect(flownPast.length).toBeGreaterThan(8);
  // …and none of them asked for its thumbnail.
  expect(flownPast.filter((id) => asked.has(id))).toEqual([]);
  // Where it stopped, the tiles asked for theirs and show them.
  expect([...atRest].filter((id) => asked.has(id)).length).toBeGreaterThan(0);
});

test('a slow scroll (40 px a frame) asks for the pictures of the tiles it passes while it scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const asked = thumbnailRequests(page);
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect.poll(() => withoutPicture(page)).toBe(0);
  const before = new Set(asked);
  const passed = await scroll(page, 40, 60);
  // Asked during the scroll itself (the check runs as it ends, before a stopped scroll could ask).
  const duringScroll = passed.filter((id) => !before.has(id) && asked.has(id));
  expect(duringScroll.length).toBeGreaterThan(3);
});
