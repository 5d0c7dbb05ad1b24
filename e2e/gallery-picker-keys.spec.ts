import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { draftOf, image, submitAndWait } from './support/library-helpers';

/**
 * The From-gallery picker of a media field is one Tab stop, as the gallery grid is: the arrow keys (and
 * Home/End) move inside it, and Tab does not walk through every result.
 */
let app: RunningGalleryApp;
const ids: string[] = [];
test.beforeAll(async () => {
  app = await startGalleryApp();
  for (let i = 0; i < 6; i++) ids.push((await submitAndWait(app, image(`picker result ${i}`))).id);
});
test.afterAll(async () => {
  await app?.close();
});

test('From gallery: one Tab stop, arrows move between results, Enter picks the focused one', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.open('imageEdit.edit');
  await page.getByTestId('media-images-gallery').click();
  const picks = page.getByTestId('gallery-pick');
  await expect(picks).toHaveCount(6);
  // Newest first; the picker's grid has four columns.
  const name = (i: number) => `picker result ${5 - i}`;
  // From the popover itself (where focus is while its results load), Tab enters the grid at its first result.
  await page.locator('.fm-gallery-pop').focus();
  await page.keyboard.press('Tab');
  await expect(picks.nth(0)).toBeFocused();
  await expect(page.locator('[data-testid="gallery-pick"][tabindex="0"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="gallery-pick"][tabindex="-1"]')).toHaveCount(5);

  await page.keyboard.press('ArrowRight');
  await expect(picks.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(picks.nth(5)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(picks.nth(4)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(picks.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(picks.nth(3)).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(picks.nth(5)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(picks.nth(4)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(picks.nth(5)).toHaveAttribute('tabindex', '0');

  // The grid is one stop: the popover keeps Tab inside itself (it loops), and with nothing else in it Tab and
  // Shift+Tab stay on the result last focused instead of walking through every result.
  await expect(page.locator('[data-testid="gallery-pick"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(picks.nth(5)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(picks.nth(5)).toBeFocused();
  await expect(picks.nth(5)).toHaveAccessibleName(name(5));

  await page.keyboard.press('Enter');
  await expect(picks).toHaveCount(0);
  // The focused (oldest) result is the form's image.
  await expect.poll(() => draftOf(page, 'imageEdit.edit')).toMatchObject({ images: [{ kind: 'result', taskId: ids[0] }] });
});
