import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Errors whose text is built outside the renderer (core refusing a staged file, the extra-fields checks in
 * shared code, the JSON parser) are translated by their code: in 简体中文 none of them is an English sentence.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.core.handlers.updatePreferences({ language: 'en' });
  await app.close();
});

/** Three ASCII words in a row: an English sentence left in the Chinese UI. */
const ENGLISH = /[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/;

test('in zh-CN the extra-fields errors and a refused file read as Chinese', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const forms = new FormsPage(page);
  await forms.open('gateway.motionControl');

  // A text file named like a picture passes the browser's type check; core reads its bytes and refuses it.
  const field = forms.form.getByTestId('media-image_url');
  await forms.form.getByTestId('media-image_url-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture\n') });
  const refused = field.getByRole('alert');
  await expect(refused).toContainText('无法添加“fake.png”');
  await expect(refused).toContainText('图片、视频或音频');
  expect(await refused.innerText()).not.toMatch(ENGLISH);

  await page.getByTestId('advanced').locator('summary').click();
  const extra = page.getByTestId('extra-input');
  const issue = page.getByTestId('issue-extra');
  await extra.fill('{"prompt":1}');
  await expect(issue).toContainText('取值无效：prompt');
  await expect(issue).toContainText('此表单中的字段');
  expect(await issue.innerText()).not.toMatch(ENGLISH);

  await extra.fill('{bad json');
  await expect(issue).toHaveText('不是有效的 JSON：第 1 行第 2 列有误。');

  await extra.fill('{\n  "seed": 4,\n  "style" "x"\n}');
  await expect(issue).toHaveText('不是有效的 JSON：第 3 行第 11 列有误。');

  await extra.fill('[1]');
  await expect(issue).toContainText('不是有效的 JSON 对象');
  expect(await issue.innerText()).not.toMatch(ENGLISH);
  await extra.fill('');
  await expect(issue).toHaveCount(0);
});

test('in zh-CN the team settings say where keys are kept in Chinese', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-team').click();
  const storage = page.getByTestId('team-section').getByTestId('team-storage');
  await expect(storage).toContainText('只有你的用户账户可以读取');
  expect(await storage.innerText()).not.toMatch(ENGLISH);
});

test('in zh-CN a text file named .png dropped on the app is refused in Chinese', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['just some text, not a picture\n'], 'fake.png', { type: 'image/png' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  const dialog = page.getByTestId('file-drop-dialog');
  await expect(dialog).toContainText('图片、视频或音频');
  expect(await dialog.innerText()).not.toMatch(ENGLISH);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
