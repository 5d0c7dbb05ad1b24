import { expect, test } from '@playwright/test';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { GalleryPage } from './pages/gallery-page';
import { pickValue } from './support/select';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

let app: RunningGalleryApp;
let records: TaskRecord[];

test.beforeAll(async () => {
  app = await startGalleryApp((dir) => {
    records = seedGallery(dir, { count: 400, withFiles: 120, extra: galleryFixtures() });
  });
});
test.afterAll(async () => {
  await app?.close();
});

const countOf = (pred: (r: TaskRecord) => boolean) => records.filter(pred).length;

test('the grid renders the seeded history, newest first, with live and failed states', async ({ page }) => {
  await app.core.handlers.updatePreferences({ theme: 'dark' });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  expect(await g.total()).toBe(records.length);
  await expect(g.tiles.first()).toHaveAttribute('data-task-id', records[0]?.id ?? '');
  await expect(g.tile('fx-stalled')).toContainText('Check again');
  await expect(g.tile('fx-failed')).toContainText('content policy violation');
  await expect(g.tile('fx-unknown')).toContainText('Check again');
  // The grid is virtualised: a few screens of tiles exist, not hundreds.
  expect(await g.tiles.count()).toBeLessThan(120);
  await expect(page.locator('[data-task-id="fx-zebra"] img.gl-media')).toHaveJSProperty('complete', true);
  await g.screenshot('grid-dark');
});

test('search finds a task by a word of its prompt', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await g.search.fill('zebracorn');
  await expect(g.root).toHaveAttribute('data-total', '1');
  await expect(g.tiles).toHaveCount(1);
  await expect(g.tiles.first()).toHaveAttribute('data-task-id', 'fx-zebra');
  await g.search.fill('lighthouse');
  const expected = countOf((r) => r.prompt.toLowerCase().includes('lighthouse'));
  await expect(g.root).toHaveAttribute('data-total', String(expected));
  await g.search.fill('nothing-like-this-anywhere');
  await expect(page.getByTestId('gallery-empty')).toBeVisible();
});

test('status chips count and filter; operation and favourite filters narrow the list', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(page.getByTestId('count-all')).toHaveText(String(records.length));
  expect(await g.count('failed')).toBe(countOf((r) => r.status === 'failed'));
  expect(await g.count('active')).toBe(countOf((r) => ['submitting', 'queued', 'running', 'downloading'].includes(r.status)));
  await g.chip('failed').click();
  await expect(g.root).toHaveAttribute('data-total', String(countOf((r) => r.status === 'failed')));
  for (const s of await g.tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))) expect(s).toBe('failed');
  await g.chip('all').click();

  await page.getByTestId('toggle-filters').click();
  await pickValue(page, 'filter-operation', 'videos.create');
  await expect(g.root).toHaveAttribute('data-total', String(countOf((r) => r.operationId === 'videos.create')));
  // Counts follow the other filters: the chips now count only that operation.
  await expect(page.getByTestId('count-all')).toHaveText(String(countOf((r) => r.operationId === 'videos.create')));
  await g.screenshot('filters-dark');
  await page.getByTestId('filter-reset').click();
  await page.getByTestId('filter-favourites').click();
  await expect(g.root).toHaveAttribute('data-total', String(countOf((r) => r.favourite)));
});

test('the lightbox opens, shows details, and navigates with the keyboard', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await g.tile('fx-zebra').click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', 'fx-zebra');
  await expect(page.getByTestId('lightbox-prompt')).toContainText('zebracorn');
  await expect(page.getByTestId('lightbox-params')).toContainText('1234');
  await expect(page.getByTestId('lightbox-image')).toHaveJSProperty('complete', true);
  await page.getByTestId('zoom-in').click();
  await expect(page.getByTestId('zoom-level')).toHaveText('150%');
  await page.getByTestId('raw-response').locator('summary').click();
  await g.screenshot('lightbox-image-dark');
  // Two results: → goes to the second, → again to the next task.
  await page.keyboard.press('ArrowRight');
  await expect(g.lightbox).toHaveAttribute('data-index', '1');
  await page.keyboard.press('ArrowRight');
  await expect(g.lightbox).toHaveAttribute('data-task-id', 'fx-video');
  await page.keyboard.press('ArrowLeft');
  await expect(g.lightbox).toHaveAttribute('data-task-id', 'fx-zebra');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);
});

test('the list view shows columns and scrolls through more pages', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await page.getByTestId('view-list').click();
  await expect(g.rows.first()).toBeVisible();
  await g.screenshot('list-dark');
  await page.getByTestId('gallery-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(g.root).toHaveAttribute('data-loaded', String(records.length));
  await page.getByTestId('view-grid').click();
});

test('light theme', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await app.core.handlers.updatePreferences({ theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(g.tiles.first()).toBeVisible();
  await g.screenshot('grid-light');
  await page.getByTestId('view-list').click();
  await g.screenshot('list-light');
  await page.getByTestId('view-grid').click();
  await g.tile('fx-zebra').click();
  await g.screenshot('lightbox-image-light');
  await page.keyboard.press('Escape');
  await app.core.handlers.updatePreferences({ theme: 'dark' });
});

test('switching between grid and list moves no toolbar button (the star stayed under the pointer that pressed List)', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const places = () =>
    Promise.all(['filter-favourites', 'toggle-filters', 'view-grid', 'view-list'].map(async (id) => (await page.getByTestId(id).boundingBox())?.x));
  const grid = await places();
  await page.getByTestId('view-list').click();
  await expect(g.rows.first()).toBeVisible();
  expect(await places()).toEqual(grid);
  // Hidden in the list, the tile sizes are out of the Tab order.
  await expect(page.getByTestId('tile-sizes')).toBeHidden();
  await page.getByTestId('view-grid').click();
  await expect(page.getByTestId('tile-sizes')).toBeVisible();
});
