import { expect, test } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { SettingsPage } from './pages/settings-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { expectFocused } from './support/focus';
import { seedGallery } from './support/seed';

/**
 * Issue 31, search and scroll: a tile builds its tooltips and its "⋯" menu (Radix) when the pointer or the
 * focus first comes to it, not at mount. Until then the labels are in the DOM and the menu's stand-in button
 * is named; the pointer and the keyboard reach the real menu as before.
 */
let app: RunningGalleryApp;
let favourites: string[];
test.beforeAll(async () => {
  let ids: string[] = [];
  app = await startGalleryApp((dir) => {
    ids = seedGallery(dir, { count: 120, withFiles: 40, seed: 9 }).map((r) => r.id);
  });
  favourites = ids.filter((_, i) => i % 7 === 3);
  for (const id of favourites) await app.core.handlers.setFavourite({ id, favourite: true });
});
test.afterAll(async () => {
  await app?.close();
});

const succeeded = '[data-testid="task-tile"][data-status="succeeded"]';

test('at rest no tile has built its menu, yet every menu button is named and every badge carries its label', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const menus = page.getByTestId('gallery-grid').getByTestId('task-menu');
  expect(await menus.count()).toBeGreaterThan(5);
  // Radix gives its trigger an id; the stand-in has none.
  expect(await menus.evaluateAll((els) => els.filter((el) => el.id).length)).toBe(0);
  expect(await menus.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).not.toContain(
    null,
  );
  const badges = page.locator('[data-testid="gallery-grid"] .gl-badge:not(.demo)');
  expect(await badges.count()).toBeGreaterThan(0);
  expect(await badges.evaluateAll((els) => els.filter((el) => !el.getAttribute('data-tip')).length)).toBe(0);
});

test('a press on the menu of a tile never hovered before opens the menu, not the lightbox', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const tile = page.locator(succeeded).nth(2);
  await tile.getByTestId('task-menu').click();
  await expect(page.getByTestId('task-menu-popup')).toBeVisible();
  await expect(g.lightbox).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('task-menu-popup')).toBeHidden();
  await expectFocused(page, tile.getByTestId('task-menu'));
});

test('Tab from a focused tile reaches its own star and menu button; Enter opens the menu (not the lightbox), Escape gives the focus back', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const first = page.locator(succeeded).nth(0);
  await expect(first).toBeVisible();
  // The focused tile is the grid's Tab stop (gallery-keyboard.spec.ts): its own buttons follow it.
  await first.focus();
  await page.keyboard.press('Tab');
  await expectFocused(page, first.getByTestId('favourite'));
  await page.keyboard.press('Tab');
  await expectFocused(page, first.getByTestId('task-menu'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-menu-popup')).toBeVisible();
  await expect(page.getByTestId('task-menu-popup').getByRole('menuitem').first()).toBeFocused();
  await page.waitForTimeout(300);
  await expect(g.lightbox).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('task-menu-popup')).toBeHidden();
  await expectFocused(page, first.getByTestId('task-menu'));
  // Space on the star marks the favourite, and opens nothing; Enter on the tile itself opens it.
  await page.keyboard.press('Shift+Tab');
  await expectFocused(page, first.getByTestId('favourite'));
  const before = await first.getByTestId('favourite').getAttribute('aria-pressed');
  await page.keyboard.press(' ');
  await expect(first.getByTestId('favourite')).not.toHaveAttribute('aria-pressed', before!);
  await expect(g.lightbox).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expectFocused(page, first);
  await page.keyboard.press('Enter');
  await expect(g.lightbox).toBeVisible();
});

test('in the list view, a row’s prompt shows whole in a tooltip when the pointer moves over it', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await page.getByTestId('view-list').click();
  const prompt = g.rows.nth(3).locator('.gl-row-prompt');
  const text = await prompt.innerText();
  // Built at rest as a plain span with its label; a pointer moving in builds the tooltip, which shows.
  await expect(prompt).toHaveAttribute('data-tip', text);
  await expect(prompt).not.toHaveAttribute('data-state', /.*/);
  await prompt.hover({ position: { x: 2, y: 2 } });
  await prompt.hover();
  await expect(page.getByTestId('tooltip').filter({ hasText: text })).toBeVisible();
  await page.getByTestId('view-grid').click();
});

test('the tiles’ words follow a change of language at once (the gallery passes its t down by context)', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  const settings = new SettingsPage(page);
  await g.open(app.url);
  const tile = page.locator(succeeded).first();
  await expect(tile.getByTestId('task-menu')).toHaveAttribute('aria-label', 'Actions');
  await expect(tile.getByTestId('favourite')).toHaveAttribute('aria-label', /favourite/i);
  await settings.open('general');
  await settings.dialog.getByTestId('language').locator('[data-value="zh-CN"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await settings.close();
  await expect(tile.getByTestId('task-menu')).toHaveAttribute('aria-label', '操作');
  await expect(tile.getByTestId('favourite')).toHaveAttribute('aria-label', /收藏/);
  await settings.open('general');
  await settings.dialog.getByTestId('language').locator('[data-value="en"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await settings.close();
  await expect(tile.getByTestId('task-menu')).toHaveAttribute('aria-label', 'Actions');
});

test('tiles mounted during a fling get their star and menu when it stops; a favourite keeps its star throughout', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const seen = await page.getByTestId('gallery-grid').evaluate(
    (grid, favs) =>
      new Promise<{ frames: number; bare: number; favouriteWithoutStar: string[] }>((resolve) => {
        const fav = new Set(favs);
        let frames = 0;
        let bare = 0;
        const favouriteWithoutStar = new Set<string>();
        const frame = () => {
          for (const tile of grid.querySelectorAll<HTMLElement>('[data-testid="task-tile"]')) {
            const id = tile.dataset.taskId ?? '';
            if (!tile.querySelector('[data-testid="task-menu"]')) bare++;
            if (fav.has(id) && !tile.querySelector('.gl-star.on')) favouriteWithoutStar.add(id);
          }
          grid.scrollTop += 120;
          if (++frames < 60) requestAnimationFrame(frame);
          else resolve({ frames, bare, favouriteWithoutStar: [...favouriteWithoutStar] });
        };
        requestAnimationFrame(frame);
      }),
    favourites,
  );
  expect(seen.favouriteWithoutStar).toEqual([]);
  // Once the scroll has stopped, every tile on screen has its controls (the star and the menu).
  await expect
    .poll(() =>
      page
        .getByTestId('gallery-grid')
        .locator('[data-testid="task-tile"]')
        .evaluateAll(
          (tiles) =>
            tiles.filter(
              (t) =>
                !t.querySelector('[data-testid="favourite"]') ||
                !t.querySelector('[data-testid="task-menu"]'),
            ).length,
        ),
    )
    .toBe(0);
  // The fling did mount tiles without them (what this test is about).
  expect(seen.bare).toBeGreaterThan(0);
});
