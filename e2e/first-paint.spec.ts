import { expect, test, type Page } from '@playwright/test';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { measureLoad, PAINT_PROBE } from './support/paint-probe';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * Issue 16, first paint: the first screen is one bridge call made before the app's code runs; settings, the
 * lightbox and Compare are chunks fetched when first opened (the CSP lets them in); no video player exists
 * before the paint; image results without a thumbnail get one made by core on demand.
 */
let app: RunningGalleryApp;
let records: TaskRecord[];

test.beforeAll(async () => {
  test.setTimeout(180_000); // seeding 600 tasks with 200 files takes far longer on a loaded machine
  app = await startGalleryApp((dir) => {
    // No seeded result has a thumbnail recorded (as after an import, or for a history older than thumbnails).
    records = seedGallery(dir, { count: 600, withFiles: 200, seed: 5 });
  });
});
test.afterAll(async () => {
  await app?.close();
});

/** Every script the page fetched so far (path names). */
function scriptsOf(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) seen.add(path);
  });
  return seen;
}

function cspViolations(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute)/i.test(m.text())) out.push(m.text());
  });
  page.on('pageerror', (e) => out.push(String(e)));
  return out;
}

test('the first screen is one bridge call, sent before the app code has loaded; no video player before the paint', async ({
  page,
}) => {
  await page.addInitScript(PAINT_PROBE);
  const first = await measureLoad(page, app.url);
  const again = await measureLoad(page, page.url());
  for (const load of [first, again]) {
    const before = load.calls.filter((c) => c.sent <= load.paint);
    expect(before.map((c) => c.method)).toEqual(['getFirstScreen']);
    expect(load.tilesAtPaint).toBeGreaterThan(5);
    expect(load.videosAtPaint).toBe(0);
    // The socket opened and the call left from the small entry chunk, before the app's chunk was running.
    expect(load.wsCreated).not.toBeNull();
    expect(load.assets.some((a) => a.name.includes('/mount-'))).toBe(true);
  }
  // The tiles are the history's newest, as core ordered them.
  await expect(page.getByTestId('task-tile').first()).toHaveAttribute('data-task-id', records[0]?.id ?? '');
  // Once painted, the estimate is asked for (after the paint, not as part of the first screen).
  await expect(page.getByTestId('generate-estimate')).not.toHaveText('…');
  // Video tiles near the screen get their player after the paint.
  const videoTile = records.slice(0, 12).find((r) => r.results[0]?.kind === 'video' && r.results[0].file);
  // The fixed seed puts a video among the first 12 tiles; the deferred-player check needs one on screen, so a
  // seed without one fails here rather than passing unchecked.
  expect(videoTile, 'a video among the first 12 seeded tiles').toBeDefined();
  await expect(page.locator(`[data-task-id="${videoTile?.id}"] video`)).toHaveCount(1);
});

test('settings, the lightbox and Compare are separate chunks fetched on demand, within the CSP', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const violations = cspViolations(page);
  await page.goto(app.url);
  await expect(page.getByTestId('task-tile').first()).toBeVisible();
  const initial = new Set(scripts);

  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  const afterSettings = new Set(scripts);
  expect([...afterSettings].filter((s) => !initial.has(s)).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings')).toBeHidden();

  const image = records.find(
    (r) => r.status === 'succeeded' && r.results[0]?.kind === 'image' && r.results[0].file,
  );
  await page.locator(`[data-testid="task-tile"][data-task-id="${image?.id}"]`).click();
  await expect(page.getByTestId('lightbox')).toBeVisible();
  const afterLightbox = new Set(scripts);
  expect([...afterLightbox].filter((s) => !afterSettings.has(s)).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lightbox')).toBeHidden();

  const two = records
    .filter((r) => r.status === 'succeeded' && r.results[0]?.kind === 'image' && r.results[0].file)
    .slice(0, 2);
  for (const r of two)
    await page.locator(`[data-testid="task-tile"][data-task-id="${r.id}"]`).click({ modifiers: ['Control'] });
  await page.getByTestId('compare-selected').click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  expect([...scripts].filter((s) => !afterLightbox.has(s)).length).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('image tiles without a recorded thumbnail show one core made on demand (WebP), not the full image', async ({
  page,
}) => {
  const images = records
    .slice(0, 10)
    .filter((r) => r.status === 'succeeded' && r.results[0]?.kind === 'image' && r.results[0].file);
  expect(images.length).toBeGreaterThan(0);
  await page.goto(app.url);
  for (const r of images) {
    const img = page.locator(`[data-task-id="${r.id}"] img.gl-media`);
    await expect(img).toHaveAttribute('src', new RegExp(`^/media/thumbs/${r.id}-0\\.webp`));
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  }
  const made = app.core.store.get(images[0]!.id)?.results[0]?.thumbnail;
  expect(made).toBe(`${images[0]!.id}-0.webp`);
});
