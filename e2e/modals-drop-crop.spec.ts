import { expect, test, type Page } from '@playwright/test';
import { FormsPage, pngFile } from './pages/forms-page';
import { twoTonePng } from './support/canvas-fixtures';
import { escapeCloses, expectFocused, expectFocusInside, expectTrapped } from './support/focus';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §2 for the two modals studio-modals does not open: the drop dialog (a file dropped on the
 * window) and the crop dialog (a form's image that does not fit the chosen size). Each takes focus, keeps
 * Tab inside, closes on Escape and gives focus back to where it was.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const drop = (page: Page, bytes: Buffer, name: string) =>
  page.evaluate(
    ({ b64, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], name, { type: 'image/png' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { b64: bytes.toString('base64'), name },
  );

test('the drop dialog takes focus, traps Tab, closes on Escape and gives focus back to the field that had it', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.open('gateway.text2image');
  const prompt = forms.input('prompt');
  await prompt.focus();
  await drop(page, pngFile('plain.png').buffer, 'plain.png');
  const dialog = page.getByTestId('file-drop-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('file-drop-none')).toBeVisible();
  await expectFocusInside(dialog);
  await expectTrapped(page, dialog, 6);
  await escapeCloses(page, dialog);
  await expectFocused(page, prompt);
});

test('the crop dialog takes focus, traps Tab, closes on Escape and gives focus back to its opener', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstFrame');
  await forms.addFiles('image', [twoTonePng('square.png', 400, 400, [40, 90, 200], [230, 160, 40])]);
  const offer = forms.form.getByTestId('crop-image');
  await expect(offer).toBeVisible();
  await offer.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog).toBeVisible();
  await expectFocusInside(dialog);
  await expectTrapped(page, dialog, 10);
  await escapeCloses(page, dialog);
  await expectFocused(page, offer);
  // Nothing was staged: the form still holds the square original, and the offer stands.
  await expect(forms.field('image')).toContainText('square.png');
});
