import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { FormsPage } from './pages/forms-page';
import { redAt, twoTonePng } from './support/canvas-fixtures';
import { startWebApp, type RunningWebApp } from './support/web-app';

let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const SHOTS = 'test-results/screenshots/canvas';
const W = 640;
const H = 400;

/** Screen position of an image pixel of the editor's (fitted, zoomed) canvas. */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('cv-canvas').boundingBox();
  if (!box) throw new Error('no editor canvas');
  return { x: box.x + (x / W) * box.width, y: box.y + (y / H) * box.height };
}

async function drag(page: Page, points: [number, number][]): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  const p0 = await at(page, ...first);
  await page.mouse.move(p0.x, p0.y);
  await page.mouse.down();
  for (const q of rest) {
    const p = await at(page, ...q);
    await page.mouse.move(p.x, p.y, { steps: 8 });
  }
  await page.mouse.up();
}

/**
 * Paints one rectangle (R, then a drag) in the open editor, so it has an edit to undo; answers a reader of
 * the painted pixel's alpha (above 0 while the edit stands).
 */
async function paintRectangle(page: Page): Promise<() => Promise<number>> {
  await page.keyboard.press('r');
  await drag(page, [
    [400, 40],
    [600, 150],
  ]);
  await expect(page.getByTestId('cv-undo')).toBeEnabled();
  const painted = () =>
    page.getByTestId('cv-canvas').evaluate((c: HTMLCanvasElement) => c.getContext('2d')?.getImageData(500, 100, 1, 1).data[3] ?? 0);
  expect(await painted()).toBeGreaterThan(0);
  return painted;
}

test('the full-screen editor: lasso, rectangle and brush, exported at native size, then before/after in the lightbox', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.setTheme('dark');
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('two-tone.png', W, H, [40, 90, 200], [230, 160, 40])] });
  await forms.fill('prompt', 'a paper lantern where I painted');

  await forms.form.getByTestId('open-canvas-editor').click();
  const editor = page.getByTestId('canvas-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();

  // Keyboard-first: L lasso (a triangle, top left), R rectangle (top right), B brush (a line, bottom right).
  await page.keyboard.press('l');
  await expect(page.getByTestId('cv-tool-lasso')).toHaveAttribute('aria-pressed', 'true');
  await drag(page, [
    [40, 40],
    [260, 40],
    [40, 300],
    [40, 42],
  ]);
  await page.keyboard.press('r');
  await drag(page, [
    [400, 40],
    [600, 150],
  ]);
  await page.keyboard.press('b');
  await expect(page.getByTestId('cv-tool-brush')).toHaveAttribute('aria-pressed', 'true');
  await drag(page, [
    [380, 340],
    [580, 340],
  ]);
  await expect(page.getByTestId('cv-undo')).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/editor-dark.png` });
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.screenshot({ path: `${SHOTS}/editor-dark-1024.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('cv-view-side').click();
  await page.screenshot({ path: `${SHOTS}/editor-side-dark.png` });
  await page.getByTestId('cv-view-overlay').click();

  await page.getByTestId('cv-apply').click();
  await expect(editor).toBeHidden();
  await expect(forms.field('mask')).toContainText('Mask painted');

  // Reopened in the light theme, the editor restores the saved mask.
  await forms.setTheme('light');
  await forms.form.getByTestId('open-canvas-editor').click();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByTestId('cv-canvas')
        .evaluate((c: HTMLCanvasElement) => c.getContext('2d')?.getImageData(80, 80, 1, 1).data[3] ?? 0),
    )
    .toBeGreaterThan(0);
  await page.keyboard.press('w');
  await page.getByTestId('cv-overlay').click();
  await page.screenshot({ path: `${SHOTS}/editor-light.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('cv-cancel').click();
  await forms.setTheme('dark');

  const id = await forms.submitAndExpectSuccess();
  const detail = await app.core.handlers.getTask({ id });
  const roots = app.core.mediaRoots();
  const mask = PNG.sync.read(
    readFileSync(join(roots.inputs, (detail.values.mask as { input: { id: string } }).input.id)),
  );
  expect([mask.width, mask.height]).toEqual([W, H]);
  // Inside the lasso triangle, the rectangle and the brush line: edit. Elsewhere: keep.
  expect(redAt(mask, 80, 80)).toBe(255);
  expect(redAt(mask, 60, 250)).toBe(255);
  expect(redAt(mask, 250, 280)).toBe(0);
  expect(redAt(mask, 500, 100)).toBe(255);
  expect(redAt(mask, 500, 200)).toBe(0);
  expect(redAt(mask, 480, 340)).toBe(255);
  expect(redAt(mask, 480, 300)).toBe(0);
  expect(redAt(mask, 630, 390)).toBe(0);

  // Before/after on the edit result: the wipe, its handle, and one zoom for both images.
  await page.getByTestId('gallery').locator(`[data-testid="task-tile"][data-task-id="${id}"]`).click();
  await expect(page.getByTestId('lightbox-image')).toBeVisible();
  await page.getByTestId('lightbox-compare').click();
  const wipe = page.getByTestId('lightbox-wipe');
  await expect(wipe).toBeVisible();
  await expect(wipe.getByTestId('wipe-before')).toHaveAttribute('src', /\/media\/inputs\//);
  await expect(wipe.getByTestId('wipe-after')).toHaveAttribute('src', /\/media\/library\//);
  const handle = wipe.getByTestId('wipe-handle');
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '45');
  await expect(page.getByTestId('lightbox')).toHaveAttribute('data-task-id', id);
  const stage = await wipe.getByTestId('wipe-stage').boundingBox();
  if (!stage) throw new Error('no wipe stage');
  await page.mouse.click(stage.x + stage.width * 0.3, stage.y + stage.height / 2);
  await expect(handle).toHaveAttribute('aria-valuenow', '30');
  await wipe.getByTestId('wipe-zoom-in').click();
  await expect(wipe.getByTestId('wipe-zoom-level')).toHaveText('150%');
  const transforms = async () => [
    await wipe.getByTestId('wipe-before').getAttribute('style'),
    await wipe.getByTestId('wipe-after').getAttribute('style'),
  ];
  const [b, a] = await transforms();
  expect(b).toContain('scale(1.5)');
  expect(a).toBe(b);
  await page.screenshot({ path: `${SHOTS}/wipe-zoomed.png` });
  await wipe.getByTestId('wipe-mode-side').click();
  const [b2, a2] = await transforms();
  expect(b2).toContain('scale(1.5)');
  expect(a2).toBe(b2);
  await wipe.getByTestId('wipe-mode-wipe').click();
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.screenshot({ path: `${SHOTS}/wipe.png` });

  // "Edit with mask" on the result: the image edit form takes it as its image and opens the editor on it.
  await page.getByTestId('lightbox-edit-mask').click();
  await expect(page.getByTestId('lightbox')).toBeHidden();
  await expect(page.getByTestId('canvas-editor')).toBeVisible();
  await expect(page.getByTestId('canvas-editor').locator('img.cv-source')).toHaveAttribute(
    'src',
    /\/media\/library\//,
  );
  await page.getByTestId('cv-cancel').click();
  await expect(forms.form).toHaveAttribute('data-op', 'imageEdit.edit');
  await expect(forms.field('mask')).toContainText('No mask');
});

test('the full-screen editor: Escape after an edit asks "Discard your changes?"; Keep editing (or Escape) keeps the edits, Discard closes without applying', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('two-tone.png', W, H, [40, 90, 200], [230, 160, 40])] });
  await forms.form.getByTestId('open-canvas-editor').click();
  const editor = page.getByTestId('canvas-editor');
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  const painted = await paintRectangle(page);

  const ask = page.getByTestId('cv-discard');
  const keep = page.getByTestId('cv-discard-keep');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Discard your changes?');
  await expect(keep).toHaveText('Keep editing');
  await expect(keep).toBeFocused();
  await expect(page.getByTestId('cv-discard-confirm')).toHaveText('Discard');
  // Escape again: back in the editor, the edit intact.
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('cv-undo')).toBeEnabled();
  expect(await painted()).toBeGreaterThan(0);
  // Keep editing: the same.
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await keep.click();
  await expect(ask).toBeHidden();
  await expect(editor).toBeVisible();
  expect(await painted()).toBeGreaterThan(0);
  // Discard: closed, nothing applied.
  await page.keyboard.press('Escape');
  await page.getByTestId('cv-discard-confirm').click();
  await expect(ask).toBeHidden();
  await expect(editor).toBeHidden();
  await expect(forms.field('mask')).toContainText('No mask');
});

test('the full-screen editor: Cancel after an edit asks "Discard your changes?" as Escape does; with no edit it closes at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('two-tone.png', W, H, [40, 90, 200], [230, 160, 40])] });
  const editor = page.getByTestId('canvas-editor');
  const ask = page.getByTestId('cv-discard');
  const cancel = page.getByTestId('cv-cancel');

  // Nothing edited: Cancel closes without a question.
  await forms.form.getByTestId('open-canvas-editor').click();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  await cancel.click();
  await expect(editor).toBeHidden();
  await expect(ask).toHaveCount(0);

  await forms.form.getByTestId('open-canvas-editor').click();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  const painted = await paintRectangle(page);

  // Cancel with an edit: asked, Keep editing focused; keeping leaves the edit in place.
  await cancel.click();
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Discard your changes?');
  await expect(page.getByTestId('cv-discard-keep')).toBeFocused();
  await page.getByTestId('cv-discard-keep').click();
  await expect(ask).toBeHidden();
  await expect(editor).toBeVisible();
  expect(await painted()).toBeGreaterThan(0);
  // Cancel, then Discard: closed, nothing applied.
  await cancel.click();
  await page.getByTestId('cv-discard-confirm').click();
  await expect(editor).toBeHidden();
  await expect(forms.field('mask')).toContainText('No mask');
});
