import { expect, test, type Locator } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';
import { escapeCloses, expectFocused, expectTrapped } from './support/focus';
import { recordBrowserDialogs } from './support/select';

/**
 * Issue 28 §2–3 in the real UI: every modal takes focus, keeps Tab inside, closes on Escape and gives focus
 * back to what opened it; popovers close on Escape and a press outside; confirmations that destroy focus Cancel.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 30, withFiles: 30, extra: galleryFixtures() }));
});
test.afterAll(async () => {
  await app?.close();
});

test('the lightbox, Settings, the ledger and Compare trap focus, close on Escape and return focus to their opener', async ({ page }) => {
  const dialogCalls = await recordBrowserDialogs(page);
  const g = new GalleryPage(page);
  await g.open(app.url);

  // Lightbox, opened from a tile with Enter.
  const tile = g.tile('fx-zebra');
  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(g.lightbox).toBeVisible();
  await expect.poll(() => g.lightbox.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectTrapped(page, g.lightbox);
  await escapeCloses(page, g.lightbox);
  await expectFocused(page, tile);

  // Settings, from the top bar.
  const openSettings = page.getByTestId('open-settings');
  await openSettings.focus();
  await page.keyboard.press('Enter');
  const settings = page.getByTestId('settings');
  await expect(settings).toBeVisible();
  await expect.poll(() => settings.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectTrapped(page, settings, 12);
  // No modal on a modal: a shortcut that opens another one does nothing while Settings is open.
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-sheet')).toHaveCount(0);
  await escapeCloses(page, settings);
  await expectFocused(page, openSettings);

  // The points ledger, from beside Generate.
  const openLedger = page.getByTestId('open-ledger');
  await openLedger.click();
  const ledger = page.getByTestId('ledger');
  await expect(ledger).toBeVisible();
  await expectTrapped(page, ledger, 8);
  await escapeCloses(page, ledger);
  await expectFocused(page, openLedger);

  // Compare, from the selection bar.
  await g.tile('fx-zebra').click({ modifiers: ['ControlOrMeta'] });
  const second = g.tiles.nth(3);
  await second.click({ modifiers: ['ControlOrMeta'] });
  const compareButton = page.getByTestId('compare-selected');
  await compareButton.click();
  const compare = page.getByTestId('compare-view');
  await expect(compare).toBeVisible();
  await expectTrapped(page, compare, 10);
  await escapeCloses(page, compare);
  await expectFocused(page, compareButton);
  // Escape in the gallery clears the selection.
  await g.root.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  expect(await dialogCalls()).toEqual([]);
});

test('deleting asks with Cancel focused: Enter keeps the task; the dialog traps focus and gives it back to the menu', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const tile = g.tile('fx-failed');
  await g.menuAction('fx-failed', 'delete');
  const confirm = page.getByTestId('confirm-delete');
  await expect(confirm).toBeVisible();
  await expectFocused(page, page.getByTestId('confirm-delete-cancel'));
  await expectTrapped(page, confirm, 6);
  await page.getByTestId('confirm-delete-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(tile).toBeVisible();
  await expectFocused(page, tile.getByTestId('task-menu'));
  // Escape cancels too.
  await g.menuAction('fx-failed', 'delete');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(tile).toBeVisible();
});

test('popovers close on Escape and on a press outside, and give focus back to their trigger', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const popovers: { trigger: Locator; content: Locator }[] = [
    { trigger: page.getByTestId('toggle-filters'), content: page.getByTestId('filter-panel') },
    { trigger: page.getByTestId('prompt-library'), content: page.getByTestId('prompt-library-popover') },
    { trigger: page.getByTestId('model-chip'), content: page.getByTestId('model-input') },
  ];
  await page.getByTestId('op-gateway.text2image').click();
  for (const { trigger, content } of popovers) {
    await trigger.click();
    await expect(content).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(content).toBeHidden();
    await expectFocused(page, trigger);
    await trigger.click();
    await expect(content).toBeVisible();
    await page.mouse.click(5, 300);
    await expect(content).toBeHidden();
  }
  // The job menu too, and it stays inside the window.
  const tile = g.tile('fx-zebra');
  await tile.hover();
  await tile.getByTestId('task-menu').click();
  const menu = page.getByTestId('task-menu-popup');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expectFocused(page, tile.getByTestId('task-menu'));
});
