import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §4 in the real UI: the form column and the gallery resize against each other (pointer and
 * keyboard), the split survives a reload, and a 960×640 window keeps both usable.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const width = async (l: Locator): Promise<number> => (await l.boundingBox())?.width ?? 0;

async function openApp(page: Page): Promise<{ form: Locator; gallery: Locator; handle: Locator }> {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  await expect(page.getByTestId('operation-form')).toBeVisible();
  return { form: page.getByTestId('form-column'), gallery: page.getByTestId('gallery-column'), handle: page.getByTestId('split-handle') };
}

test('the split between form and gallery moves with the keyboard and the pointer, and is remembered across reloads', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { form, gallery, handle } = await openApp(page);
  await expect(handle).toHaveAttribute('role', 'separator');
  await expect(handle).toHaveAccessibleName('Resize the form and the gallery');
  const g0 = await width(gallery);
  const f0 = await width(form);
  expect(g0).toBeGreaterThan(300);

  // Keyboard: the handle is in the Tab order; ArrowLeft gives the gallery room.
  await handle.focus();
  await expect(handle).toBeFocused();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => width(gallery)).toBeGreaterThan(g0 + 40);
  expect(await width(form)).toBeLessThan(f0 - 40);

  // Pointer: drag the line 200 px to the right.
  const box = await handle.boundingBox();
  if (!box) throw new Error('the split handle has no box');
  const g1 = await width(gallery);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => width(gallery)).toBeLessThan(g1 - 150);
  const remembered = await width(gallery);

  // A reload keeps the split.
  await page.reload();
  await expect(page.getByTestId('operation-form')).toBeVisible();
  await expect.poll(async () => Math.abs((await width(page.getByTestId('gallery-column'))) - remembered)).toBeLessThan(3);
});

test('at 960×640 the split keeps both columns usable: the form never below 400 px, the gallery never below 300', async ({ page }) => {
  await page.setViewportSize({ width: 960, height: 640 });
  const { form, gallery, handle } = await openApp(page);
  await handle.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => width(form)).toBeLessThan(420);
  expect(await width(form)).toBeGreaterThanOrEqual(399);
  await page.keyboard.press('End');
  await expect.poll(() => width(gallery)).toBeLessThan(320);
  expect(await width(gallery)).toBeGreaterThanOrEqual(299);
  // Nothing spills sideways out of the window.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
