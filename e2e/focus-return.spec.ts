import { expect, test, type Locator, type Page } from '@playwright/test';
import { FormsPage, pngFile } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { expectFocused } from './support/focus';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';
import { pickValue } from './support/select';

/**
 * Focus never falls to <body> after an action that removes the focused control (QA: the next Tab restarted
 * at the top of the page). Each case checks where focus lands, and that it is not the body.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 12, seed: 21 }));
});
test.afterAll(async () => {
  await app?.close();
});

const notOnBody = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), {
    message: 'focus is not on <body>',
  }).toBe(true);

/** Where focus is and that it stays there (a focus lost a moment later, when a tile unmounts, fails too). */
async function expectFocusStays(page: Page, target: Locator): Promise<void> {
  await expectFocused(page, target);
  await page.waitForTimeout(300);
  await expectFocused(page, target);
  await notOnBody(page);
}

/** Tabs (at most `n` times) until `target` has focus. */
async function tabTo(page: Page, target: Locator, n = 6): Promise<void> {
  for (let i = 0; i < n; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expectFocused(page, target);
}

const tileIds = (g: GalleryPage) => g.tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-task-id') ?? ''));

/** The QA steps: from the tile, Tab to its Actions menu, Enter, End, Enter ("Delete…"), Tab to Delete, Enter. */
async function deleteFromKeyboard(page: Page, g: GalleryPage, id: string): Promise<void> {
  const tile = g.tile(id);
  await tile.focus();
  await tabTo(page, tile.getByTestId('task-menu'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-menu-popup')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByTestId('action-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-delete')).toBeVisible();
  await tabTo(page, page.getByTestId('confirm-delete-button'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-delete')).toHaveCount(0);
  await expect(tile).toHaveCount(0);
}

test('deleting a task from its tile menu gives focus to the tile in its place (next, else previous), or the empty gallery', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const ids = await tileIds(g);
  expect(ids.length).toBeGreaterThan(4);

  // A tile in the middle: the next one takes its place, and is the grid's Tab stop.
  await deleteFromKeyboard(page, g, ids[1] ?? '');
  await expectFocusStays(page, g.tile(ids[2] ?? ''));
  await expect(g.tile(ids[2] ?? '')).toHaveAttribute('tabindex', '0');

  // The last tile: the previous one.
  const last = ids.at(-1) ?? '';
  await deleteFromKeyboard(page, g, last);
  await expectFocusStays(page, g.tile(ids.at(-2) ?? ''));

  // The only tile left by a search: the gallery (its empty state) has focus.
  const prompt = (await g.tile(ids[0] ?? '').getAttribute('aria-label')) ?? '';
  await g.search.fill(prompt);
  await expect(g.tiles).toHaveCount(1);
  await deleteFromKeyboard(page, g, ids[0] ?? '');
  await expectFocusStays(page, page.getByTestId('gallery-empty'));
});

test('removing an input image gives focus to the next image\'s Remove, else the previous one\'s, else the add control', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [pngFile('a.png', [200, 40, 40]), pngFile('b.png', [40, 200, 40]), pngFile('c.png', [40, 40, 200])] });
  const tiles = forms.form.getByTestId('media-images').getByTestId('media-tile');
  await expect(tiles).toHaveCount(3);
  const names = () => tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-name')));
  const remove = (i: number) => tiles.nth(i).getByTestId('tile-remove');

  await remove(1).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(['a.png', 'c.png']);
  await expectFocusStays(page, remove(1));

  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(['a.png']);
  await expectFocusStays(page, remove(0));

  await page.keyboard.press('Enter');
  await expect(tiles).toHaveCount(0);
  await expectFocusStays(page, forms.form.getByTestId('media-images-browse'));
});

test('the inline mask painter takes focus when it opens, and gives it back to its button when it closes', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [pngFile('mask-me.png', [90, 120, 200], 320, 200)] });
  const field = forms.form.getByTestId('mask-field');
  const paint = field.getByTestId('paint-mask');
  await expect(paint).toBeVisible();

  for (let round = 0; round < 2; round++) {
    await paint.focus();
    await page.keyboard.press('Enter');
    await expect(field.getByTestId('mp-canvas')).toBeVisible();
    // The painter's first control: the tool that is on (brush or eraser), in its toolbar.
    const tool = field.locator('.mp-toolbar .mp-seg').first().locator('[role="radio"][aria-checked="true"]');
    await expectFocusStays(page, tool);
    // Its keys work from there (the painter listens while focus is inside it).
    await page.keyboard.press(round === 0 ? 'e' : 'b');
    await expect(field.getByTestId(round === 0 ? 'mp-tool-eraser' : 'mp-tool-brush')).toHaveAttribute('aria-checked', 'true');

    await tabTo(page, field.getByTestId('mask-done'), 30);
    await page.keyboard.press('Enter');
    await expect(field.getByTestId('mp-canvas')).toHaveCount(0);
    await expectFocusStays(page, paint);
  }
});

test('"Reset filters" in the empty state gives focus to the search field', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  await g.search.fill('zq-nothing-matches-this-xv');
  const reset = page.getByTestId('gallery-empty').getByRole('button', { name: 'Reset filters' });
  await expect(reset).toBeVisible();
  await reset.focus();
  await page.keyboard.press('Enter');
  await expect(g.tiles.first()).toBeVisible();
  await expect(g.search).toHaveValue('');
  await expectFocusStays(page, g.search);
});

test('moving the selected tasks to a board from "Move to…" keeps focus in the selection bar', async ({ page }) => {
  const board = await app.core.handlers.createBoard({ name: 'Focus board' });
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const ids = await tileIds(g);
  await g.tile(ids[0] ?? '').click({ modifiers: ['ControlOrMeta'] });
  await g.tile(ids[1] ?? '').click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');

  // From the keyboard: Enter opens the list, the arrows reach the board, Enter picks it.
  const move = page.getByTestId('selection-move');
  await move.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('selection-move-options');
  await expect(list).toBeVisible();
  const option = list.locator(`[role="option"][data-value="${board.id}"]`);
  for (let i = 0; i < 5 && !(await option.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect.poll(async () => (await app.core.handlers.listBoards({})).items.find((b) => b.id === board.id)?.count).toBe(2);
  await expect(page.getByTestId('selection-bar')).not.toHaveAttribute('aria-busy', 'true');
  await expectFocusStays(page, move);

  // With the pointer too (pickValue clicks the option).
  await pickValue(page, 'selection-move', '-');
  await expect(page.getByTestId('selection-bar')).not.toHaveAttribute('aria-busy', 'true');
  await expectFocusStays(page, move);

  // "Favourite" from the keyboard keeps its focus too (it was disabled while it ran).
  const favourite = page.getByTestId('selection-favourite');
  await favourite.focus();
  await page.keyboard.press('Enter');
  await expect(g.tile(ids[1] ?? '').getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('selection-bar')).not.toHaveAttribute('aria-busy', 'true');
  await expectFocusStays(page, favourite);
});

test('deleting the selected tasks from the selection bar gives focus to the gallery, not <body>', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.nth(2)).toBeVisible();
  const [a, b] = await tileIds(g);
  await g.tile(a ?? '').click({ modifiers: ['Control'] });
  await g.tile(b ?? '').click({ modifiers: ['Control'] });
  await page.getByTestId('selection-delete').focus();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('selection-delete-yes'));
  await page.keyboard.press('Enter');
  await expect(g.tile(a ?? '')).toHaveCount(0);
  await expect(g.tile(b ?? '')).toHaveCount(0);
  await notOnBody(page);
  await expectFocusStays(page, page.locator('.gl-root [role="gridcell"][tabindex="0"]'));
});
