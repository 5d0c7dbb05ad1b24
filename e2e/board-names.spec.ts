import { expect, test } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { pickValue } from './support/select';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Two boards cannot share a name (case and surrounding spaces aside): core refuses it, and the name dialog
 * says so at its field, in English and in 简体中文. The suggested name of a new board is a free one.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.core.handlers.updatePreferences({ language: 'en' });
  await app.close();
});

test('a board name another board has is refused at the field (create and rename, EN and zh-CN)', async ({ page }) => {
  const dune = await app.core.handlers.createBoard({ name: 'Dune sketches' });
  await app.core.handlers.createBoard({ name: 'Untitled board' });
  const g = new GalleryPage(page);
  await g.open(app.url);
  const dialog = page.getByTestId('board-name-dialog');
  const input = page.getByTestId('board-name-input');
  const error = dialog.getByRole('alert');

  // New board: the suggestion is a name no board has; the name of another board (other case, spaces) is refused.
  await page.getByTestId('board-new').click();
  await expect(input).toHaveValue('Untitled board 2');
  await input.fill('  dune SKETCHES ');
  await page.getByTestId('board-name-save').click();
  await expect(error).toHaveText('There is already a board named “dune SKETCHES”. Choose another name.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  // Typing clears it; a free name creates the board (and makes it current).
  await input.fill('Dune sketches, second pass');
  await expect(error).toHaveCount(0);
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('board-select')).toHaveText(/Dune sketches, second pass/);

  // Rename onto another board's name: refused; the board's own name in another case is fine.
  await page.getByTestId('board-rename').click();
  await input.fill('Untitled Board');
  await input.press('Enter');
  await expect(error).toHaveText('There is already a board named “Untitled Board”. Choose another name.');
  await input.fill('DUNE SKETCHES, SECOND PASS');
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('board-select')).toHaveText(/DUNE SKETCHES, SECOND PASS/);
  const names = (await app.core.handlers.listBoards({})).items.map((b) => b.name).sort();
  expect(names).toEqual(['DUNE SKETCHES, SECOND PASS', 'Dune sketches', 'Untitled board']);

  // 简体中文.
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await pickValue(page, 'board-select', dune.id);
  await page.getByTestId('board-rename').click();
  await input.fill('untitled board');
  await input.press('Enter');
  await expect(error).toHaveText('已有名为“untitled board”的看板，请换一个名称。');
  await page.getByTestId('board-name-cancel').click();
  await expect(dialog).toBeHidden();
});
