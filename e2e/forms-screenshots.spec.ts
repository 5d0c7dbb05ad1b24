import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { OPERATIONS } from '../src/shared/operations/catalog';
import { FormsPage, pngFile } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const DIR = 'test-results/screenshots/forms';

test('every form renders from the catalog, in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(DIR, { recursive: true });
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await forms.setTheme(theme);
    for (const op of OPERATIONS) {
      await forms.open(op.id);
      // Every visible catalog field has its row (the model lives in the footer chip).
      for (const f of op.fields.filter((x) => !x.showWhen && x.type !== 'model' && !x.advanced)) await expect(forms.field(f.name)).toBeVisible();
      await expect(forms.form.getByTestId('model-chip')).toBeVisible();
      await page.screenshot({ path: `${DIR}/${op.id}-${theme}.png`, fullPage: false });
    }
    await forms.open('gateway.text2video');
    await forms.form.getByTestId('model-chip').click();
    await page.screenshot({ path: `${DIR}/model-combobox-${theme}.png` });
    await page.keyboard.press('Escape');
  }
});

test('forms are translated: zh-CN', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('language').locator('[data-value="zh-CN"]').click();
  await page.keyboard.press('Escape');
  await forms.open('gateway.subjectReference');
  // The button also carries the estimate (issue 17): its label is the translated word.
  await expect(forms.generate).toContainText('生成');
  await expect(forms.field('subjects')).toContainText('添加主体');
  await page.screenshot({ path: `${DIR}/gateway.subjectReference-zh-CN.png` });
  await forms.open('vendor.expand');
  // The link-only endpoint's help, translated (the upload note shows only once a local file is chosen).
  await expect(forms.field('image')).toContainText('图库结果会以其链接发送');
  // The link note is said once, where a local file goes inline (issue 15).
  await forms.addFiles('image', [pngFile('source.png')]);
  await expect(forms.field('image')).toContainText('此服务只接收链接');
  await page.screenshot({ path: `${DIR}/vendor.expand-zh-CN.png` });
  await page.getByTestId('open-settings').click();
  await page.getByTestId('language').locator('[data-value="en"]').click();
  await page.keyboard.press('Escape');
});
