import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { pickValue } from './support/select';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * The board picker shows each board's count. A task submitted onto the current board, or deleted from it,
 * changes that count at once; it used to stay as it was until a reload (found by exploratory QA).
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

test("a board's count in the picker follows tasks submitted onto it and deleted from it, without a reload", async ({ page }) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  const gallery = new GalleryPage(page);
  const board = await app.core.handlers.createBoard({ name: 'Harbour' });
  const picker = page.getByTestId('board-select');
  await gallery.open(app.url);
  await pickValue(page, 'board-select', board.id);
  await expect(picker).toHaveText(/Harbour \(0\)/);

  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a lighthouse at dawn');
  const first = await forms.submitAndExpectSuccess();
  await expect(picker).toHaveText(/Harbour \(1\)/);
  await forms.fill('prompt', 'a lighthouse at dusk');
  const second = await forms.submitAndExpectSuccess();
  await expect(picker).toHaveText(/Harbour \(2\)/);

  // Deleted from a tile's menu: one fewer on the board, in the picker's list too.
  await gallery.menuAction(first, 'delete');
  await page.getByTestId('confirm-delete-button').click();
  await expect(gallery.tile(first)).toHaveCount(0);
  await expect(picker).toHaveText(/Harbour \(1\)/);
  await picker.click();
  const option = page.getByTestId('board-select-options').locator(`[data-value="${board.id}"]`);
  await expect(option).toHaveText(/Harbour \(1\)/);
  // Closed by choosing the same board (an Escape can go to the picker's tooltip first, leaving the list open).
  await option.click();
  await expect(page.getByTestId('board-select-options')).toBeHidden();
  await expect(gallery.tile(second)).toBeVisible();
  expect((await app.core.handlers.listBoards({})).items.find((b) => b.id === board.id)?.count).toBe(1);

  // ×2 pressed on the board: both members go on it (a batch used to land on no board).
  await forms.setBatchCount(2);
  await forms.fill('prompt', 'two lighthouses at night');
  await forms.generate.click();
  await expect(picker).toHaveText(/Harbour \(3\)/);
  await expect.poll(async () => (await app.core.handlers.listBoards({})).items.find((b) => b.id === board.id)?.count).toBe(3);
});
