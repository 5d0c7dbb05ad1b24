import { expect, test, type Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { FormsPage } from './pages/forms-page';
import { twoTonePng } from './support/canvas-fixtures';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { submitAndWait, video } from './support/library-helpers';

/**
 * When staging a file fails, 简体中文 says why in Chinese: a web-mode upload answered with a bare HTTP status
 * (it read "Upload failed (502).") and the frame, mask and crop messages (they showed core's or the
 * browser's English).
 */
let app: RunningGalleryApp;
let clipId = '';
test.beforeAll(async () => {
  app = await startGalleryApp();
  clipId = (await submitAndWait(app, video('a clip whose frame cannot be uploaded'))).id;
});
test.afterAll(async () => {
  await app?.core.handlers.updatePreferences({ language: 'en' });
  await app?.close();
});

/** An English sentence: three ASCII words in a row. */
const ENGLISH = /[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/;
/** From now on every upload is answered by a proxy's bare 502 (no JSON reply). */
const failUploads = (page: Page) => page.route('**/upload?**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }));

test('zh-CN: a failed upload, and the frame, mask and crop staging errors, read as Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Sources staged while uploads still work: an image to paint a mask on, a square first frame to crop.
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('source.png', 320, 200, [40, 90, 200], [230, 160, 40])] });
  await forms.open('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstFrame');
  await forms.addFiles('image', [twoTonePng('square.png', 400, 400, [40, 90, 200], [230, 160, 40])]);
  await expect(forms.form.getByTestId('crop-image')).toBeVisible();
  await failUploads(page);

  // A file added to a field.
  await forms.open('imageEdit.edit');
  await forms.addFiles('images', [twoTonePng('second.png', 64, 64, [10, 10, 10], [200, 200, 200])]);
  const refused = forms.field('images').getByText('无法添加“second.png”');
  await expect(refused).toHaveText('无法添加“second.png”：上传失败（HTTP 502）。');

  // The inline mask painter's stroke is staged as a mask file.
  await forms.paintMaskStroke();
  await expect(forms.field('mask')).toContainText('无法保存蒙版：上传失败（HTTP 502）。');
  await forms.form.getByTestId('mask-done').click();

  // Crop to the size's ratio: the crop is staged as a new input.
  await forms.open('unifiedVideo.generate');
  await forms.form.getByTestId('crop-image').click();
  const dialog = page.getByTestId('crop-dialog');
  await page.getByTestId('crop-apply').click();
  await expect(dialog.getByRole('alert')).toHaveText('无法保存裁剪后的图片：上传失败（HTTP 502）。');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // "Use this frame as…" a first frame: the frame is staged as a PNG.
  const g = new GalleryPage(page);
  await g.tile(clipId).click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', clipId);
  await page.waitForFunction(() => ((document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 2);
  await page.getByTestId('use-frame').click();
  await page.getByTestId('use-frame-firstFrame').click();
  const toast = page.getByTestId('toast').filter({ hasText: '无法截取帧' });
  await expect(toast).toHaveText(/无法截取帧：上传失败（HTTP 502）。/);
  expect(await toast.innerText()).not.toMatch(ENGLISH);
});
