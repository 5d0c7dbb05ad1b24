import { expect, test, type Page } from '@playwright/test';
import { deepPng } from '../src/core/provenance/test-support/hostile-files';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';

/** Issue 26 item 1 in the UI: a dropped file whose settings nest 6,000 deep says so, in the chosen language. */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp();
});
test.afterAll(async () => {
  await app?.close();
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

test('dropping a file with damaged settings shows a clear message (en, zh-CN) and the app keeps working', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const dialog = page.getByTestId('file-drop-dialog');
  await drop(page, deepPng(), 'deep.png');
  await expect(dialog).toContainText("This file's Atelier settings are damaged, so they cannot be shown or reused.");
  // The language changes while the dialog is open: its sentence follows (it was kept as English text).
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(dialog).toContainText('此文件中的 Atelier 设置已损坏');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await drop(page, deepPng(), 'deep.png');
  await expect(dialog).toContainText('此文件中的 Atelier 设置已损坏');
  await page.keyboard.press('Escape');
  await app.core.handlers.updatePreferences({ language: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
