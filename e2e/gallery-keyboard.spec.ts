import { expect, test, type Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * The gallery grid from the keyboard (the ARIA grid pattern): one Tab stop, the arrow keys, Home/End and
 * Page Up/Down move between tiles, scrolling the virtualised rows; Enter opens the focused tile.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 300, seed: 5 }));
});
test.afterAll(async () => {
  await app?.close();
});

/**
 * The focused tile (or list row): its id, and whether it is wholly in view (below the list's sticky column
 * header, when there is one).
 */
const focused = (page: Page, view: 'grid' | 'list' = 'grid') =>
  page.evaluate((v) => {
    const el = document.activeElement as HTMLElement | null;
    const grid = document.querySelector(`[data-testid="gallery-${v}"]`);
    if (!el || !grid || el.getAttribute('role') !== (v === 'grid' ? 'gridcell' : 'row') || !el.dataset.taskId) return null;
    const head = grid.querySelector<HTMLElement>('.gl-list-head')?.offsetHeight ?? 0;
    const [r, box] = [el.getBoundingClientRect(), grid.getBoundingClientRect()];
    return { id: el.dataset.taskId, inView: r.top >= box.top + head - 1 && r.bottom <= box.bottom + 1, scrollTop: grid.scrollTop };
  }, view);

test('the grid is one Tab stop; arrows, Home/End and Page Up/Down move between tiles; Ctrl+Space and Shift+arrows select; Enter opens', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const grid = page.getByTestId('gallery-grid');
  const columns = Number(await grid.getAttribute('data-columns'));
  expect(columns).toBeGreaterThan(1);
  const ids = await g.tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-task-id') ?? ''));
  // One tile (the first) is in the Tab order, and so are only its own buttons.
  const tabbable = () =>
    grid.evaluate((el) => [...el.querySelectorAll<HTMLElement>('[tabindex], button')].filter((e) => e.tabIndex >= 0).map((e) => e.closest('[role="gridcell"]')?.getAttribute('data-task-id')));
  expect(new Set(await tabbable())).toEqual(new Set([ids[0]]));

  // Tab from the search box reaches the first tile; a few more Tabs leave the grid (not one per tile).
  await g.search.focus();
  for (let i = 0; i < 20 && (await focused(page)) === null; i++) await page.keyboard.press('Tab');
  expect((await focused(page))?.id).toBe(ids[0]);
  let presses = 0;
  while (await grid.evaluate((el) => el.contains(document.activeElement))) {
    await page.keyboard.press('Tab');
    presses++;
    expect(presses, 'Tab walks through the tiles one by one').toBeLessThanOrEqual(3);
  }
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 3 && (await focused(page)) === null; i++) await page.keyboard.press('Shift+Tab');
  expect((await focused(page))?.id).toBe(ids[0]);

  await page.keyboard.press('ArrowRight');
  expect((await focused(page))?.id).toBe(ids[1]);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page))?.id).toBe(ids[1 + columns]);
  await g.screenshot('grid-keyboard-focus');
  await page.keyboard.press('End');
  expect((await focused(page))?.id).toBe(ids[2 * columns - 1]);
  await page.keyboard.press('Home');
  expect((await focused(page))?.id).toBe(ids[columns]);
  // Left from a row's start goes on to the end of the row above (reading order); Up from the top row stays.
  await page.keyboard.press('ArrowLeft');
  expect((await focused(page))?.id).toBe(ids[columns - 1]);
  await page.keyboard.press('ArrowUp');
  expect((await focused(page))?.id).toBe(ids[columns - 1]);

  // Page Down scrolls a screen of rows and focuses a tile in view; the last focused tile is the Tab stop.
  await page.keyboard.press('PageDown');
  await expect.poll(async () => (await focused(page))?.inView).toBe(true);
  const paged = await focused(page);
  // The same column, at least a row further down.
  const pagedIndex = ids.indexOf(paged?.id ?? '');
  expect(pagedIndex).toBeGreaterThanOrEqual(2 * columns - 1);
  expect(pagedIndex % columns).toBe(columns - 1);
  expect(new Set(await tabbable())).toEqual(new Set([paged?.id]));

  // Ctrl+End: the last tile loaded, far below (its row mounted by the scroll); Ctrl+Home: back to the first.
  await page.keyboard.press('Control+End');
  await expect.poll(async () => (await focused(page))?.inView).toBe(true);
  const end = await focused(page);
  expect(end?.scrollTop ?? 0).toBeGreaterThan(paged?.scrollTop ?? 0);
  expect(ids).not.toContain(end?.id);
  await page.keyboard.press('Control+Home');
  await expect.poll(async () => (await focused(page))?.id).toBe(ids[0]);
  expect((await focused(page))?.scrollTop).toBe(0);

  // Selection from the keys: Ctrl+Space toggles the focused tile, Shift with a move selects the range.
  const selected = () => g.tiles.evaluateAll((els) => els.filter((el) => el.getAttribute('aria-selected') === 'true').map((el) => el.getAttribute('data-task-id')));
  await page.keyboard.press('Control+Space');
  expect(await selected()).toEqual([ids[0]]);
  await expect(g.lightbox).toHaveCount(0);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(selected).toEqual(ids.slice(0, 3));
  expect((await focused(page))?.id).toBe(ids[2]);
  await expect(page.getByTestId('selection-bar')).toBeVisible();
  await page.keyboard.press('Control+Space');
  await expect.poll(selected).toEqual(ids.slice(0, 2));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  await page.keyboard.press('Control+Home');

  // Enter opens the focused tile; Escape gives focus back to it.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(g.lightbox).toHaveAttribute('data-task-id', ids[1] ?? '');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);
  await expect.poll(async () => (await focused(page))?.id).toBe(ids[1]);
});

test('the list view too: one Tab stop, Up/Down and Home/End move between rows shown whole below the header; Enter opens', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await page.getByTestId('view-list').click();
  await expect(g.rows.first()).toBeVisible();
  const list = page.getByTestId('gallery-list');
  const ids = await g.rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-task-id') ?? ''));
  const tabbable = await list.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('[tabindex], button')].filter((e) => e.tabIndex >= 0).map((e) => e.closest('[data-task-id]')?.getAttribute('data-task-id')),
  );
  // Besides the sortable column header, only the first row and its own buttons.
  expect(new Set(tabbable.filter(Boolean))).toEqual(new Set([ids[0]]));

  await g.rows.first().focus();
  await page.keyboard.press('ArrowDown');
  expect((await focused(page, 'list'))?.id).toBe(ids[1]);
  await g.screenshot('list-keyboard-focus');
  await page.keyboard.press('ArrowRight');
  expect((await focused(page, 'list'))?.id).toBe(ids[1]);
  await page.keyboard.press('End');
  await expect.poll(async () => (await focused(page, 'list'))?.inView).toBe(true);
  expect(ids).not.toContain((await focused(page, 'list'))?.id);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await focused(page, 'list'))?.id).toBe(ids[0]);
  expect((await focused(page, 'list'))?.scrollTop).toBe(0);
  // Page Down then Up: back on the first row, shown whole below the sticky header.
  await page.keyboard.press('PageDown');
  await expect.poll(async () => (await focused(page, 'list'))?.inView).toBe(true);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('PageUp');
  await expect.poll(async () => (await focused(page, 'list'))?.id).toBe(ids[0]);
  expect((await focused(page, 'list'))?.inView).toBe(true);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(g.lightbox).toHaveAttribute('data-task-id', ids[1] ?? '');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);
  await expect.poll(async () => (await focused(page, 'list'))?.id).toBe(ids[1]);
  await page.getByTestId('view-grid').click();
});
