import { expect, test, type Page } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { twoTonePng } from './support/canvas-fixtures';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 31, cold first paint: the editors the first screen does not show are chunks of their own, fetched
 * when first used, and they work once fetched. (Settings, the lightbox and Compare: first-paint.spec.ts.)
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

/** Every script the page fetched so far (path names). */
function scriptsOf(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) seen.add(path);
  });
  return seen;
}

test('the expansion placement editor is fetched when an expansion gets its source, and then works', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.open('vendor.expand');
  await expect(page.getByTestId('expand-frame')).toHaveCount(0);
  expect([...scripts].some((s) => s.includes('ExpandPreview'))).toBe(false);

  await page.getByTestId('advanced').locator('summary').click();
  await page.getByTestId('reset-form').click();
  await forms.addFiles('image', [twoTonePng('square.png', 300, 300, [40, 90, 200], [230, 160, 40])]);
  await forms.chooseChip('aspect_ratio', '16:9');
  await expect(page.getByTestId('expand-frame')).toBeVisible();
  expect([...scripts].some((s) => s.includes('ExpandPreview'))).toBe(true);
  // The placement is sent (issue 28): the editor's note says which ratios go beside the aspect ratio.
  await expect(page.getByTestId('expand-sent')).toContainText('Sent beside the ratio 16:9');
  const frame = await page.getByTestId('expand-frame').boundingBox();
  expect((frame?.width ?? 0) / (frame?.height ?? 1)).toBeCloseTo(16 / 9, 1);
});
