import { expect, test, type Page } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { twoTonePng } from './support/canvas-fixtures';
import { shownTooltip } from './support/focus';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28, "Keyboard-complete": the inline painter and the full-screen editor are one mask surface with
 * one set of keys. The same key sequence gives the same tool and brush size in both, and switching tools
 * never leaves a mode that paints nothing.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const SHOTS = 'test-results/screenshots/mask-surface';
/** Brush, eraser, swap, size up and down, mixed: every key both surfaces share. */
const SEQUENCE = [']', ']', ']', 'e', 'x', 'x', ']', 'b', 'x', '[', 'e', 'b'] as const;

type ToolState = { tool: string; size: number };

async function inlineState(page: Page): Promise<ToolState> {
  const eraser = await page.getByTestId('mp-tool-eraser').getAttribute('aria-checked');
  return { tool: eraser === 'true' ? 'eraser' : 'brush', size: Number(await page.getByTestId('mp-size-input').inputValue()) };
}

async function editorState(page: Page): Promise<ToolState> {
  const eraser = await page.getByTestId('cv-tool-eraser').getAttribute('aria-pressed');
  const brush = await page.getByTestId('cv-tool-brush').getAttribute('aria-pressed');
  const size = (await page.getByTestId('cv-size').getAttribute('aria-valuetext')) ?? '';
  return { tool: eraser === 'true' ? 'eraser' : brush === 'true' ? 'brush' : 'none', size: Number.parseInt(size, 10) };
}

/** Presses the keys one by one and reads what the surface shows after each. */
async function run(page: Page, read: (p: Page) => Promise<ToolState>): Promise<ToolState[]> {
  // The same start in both: the brush at its smallest size.
  await page.keyboard.press('b');
  for (let i = 0; i < 40; i++) await page.keyboard.press('[');
  const states = [await read(page)];
  for (const key of SEQUENCE) {
    await page.keyboard.press(key);
    states.push(await read(page));
  }
  return states;
}

test('the inline painter and the full-screen editor: one set of keys, the same effect', async ({ page }) => {
  test.setTimeout(120_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('two-tone.png', 640, 400, [40, 90, 200], [230, 160, 40])] });
  await forms.fill('prompt', 'the same keys everywhere');

  await forms.form.getByTestId('paint-mask').click();
  const viewport = page.getByTestId('mp-viewport');
  await expect(page.getByTestId('mp-canvas')).toBeVisible();
  await viewport.hover();
  const inline = await run(page, inlineState);
  expect(inline[0]).toEqual({ tool: 'brush', size: 1 });
  // E picked the eraser, X swapped back and forth, B the brush again: in the inline painter too.
  expect(inline[4]?.tool).toBe('eraser');
  expect(inline[5]?.tool).toBe('brush');
  expect(inline.at(-1)?.tool).toBe('brush');
  await page.screenshot({ path: `${SHOTS}/inline.png` });
  await forms.form.getByTestId('mask-done').click();

  await forms.form.getByTestId('open-canvas-editor').click();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  const editor = await run(page, editorState);
  expect(editor).toEqual(inline);

  // A region tool picked over an empty mask adds: E then L must not leave a lasso that subtracts from nothing.
  await page.keyboard.press('e');
  await page.keyboard.press('l');
  await expect(page.getByTestId('cv-tool-lasso')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cv-mode-brush')).toHaveAttribute('aria-checked', 'true');
  const box = await page.getByTestId('cv-canvas').boundingBox();
  if (!box) throw new Error('no editor canvas');
  const p = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  for (const [i, q] of [p(0.2, 0.2), p(0.6, 0.2), p(0.2, 0.7), p(0.2, 0.21)].entries()) {
    if (i === 0) {
      await page.mouse.move(q.x, q.y);
      await page.mouse.down();
    } else await page.mouse.move(q.x, q.y, { steps: 6 });
  }
  await page.mouse.up();
  await expect(page.getByTestId('cv-undo')).toBeEnabled();
  // X in the editor swaps the region tool's side, as it swaps brush and eraser in the inline painter.
  await page.keyboard.press('x');
  await expect(page.getByTestId('cv-mode-eraser')).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/editor.png` });

  // Leave with the eraser in hand and nothing kept (Cancel after an edit asks first): the inline painter
  // opens over an empty mask painting.
  await page.keyboard.press('e');
  await page.getByTestId('cv-cancel').click();
  await page.getByTestId('cv-discard-confirm').click();
  await expect(page.getByTestId('canvas-editor')).toHaveCount(0);
  await forms.form.getByTestId('paint-mask').click();
  await expect(page.getByTestId('mp-canvas')).toBeVisible();
  await expect(page.getByTestId('mp-tool-brush')).toHaveAttribute('aria-checked', 'true');
});

test('screenshots: the inline painter and the editor, light and dark, en and zh-CN; the brush-size box is named in both', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('imageEdit.edit', { field: 'images', files: [twoTonePng('two-tone.png', 640, 400, [40, 90, 200], [230, 160, 40])] });
  for (const language of ['en', 'zh-CN'] as const)
    for (const theme of ['light', 'dark'] as const) {
      await app.core.handlers.updatePreferences({ language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await forms.form.getByTestId('paint-mask').click();
      await expect(page.getByTestId('mp-canvas')).toBeVisible();
      // The brush-size number box has its own name (the "Size" label names only the slider beside it).
      await expect(page.getByTestId('mp-size-input')).toHaveAccessibleName(language === 'en' ? 'Brush size in pixels' : '画笔大小（像素）');
      await page.getByTestId('mp-viewport').scrollIntoViewIfNeeded();
      // The painter opened under the pointer: its keys work without leaving and re-entering it.
      await page.getByTestId('mp-viewport').hover();
      await page.keyboard.press('e');
      await expect(page.getByTestId('mp-tool-eraser')).toHaveAttribute('aria-checked', 'true');
      await page.getByTestId('mp-tool-eraser').hover();
      await expect(shownTooltip(page)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/inline-${language}-${theme}.png` });
      await forms.form.getByTestId('mask-done').click();
      await forms.form.getByTestId('open-canvas-editor').click();
      await expect(page.getByTestId('cv-canvas')).toBeVisible();
      await page.keyboard.press('l');
      await expect(page.getByTestId('cv-mode-brush')).toHaveAttribute('aria-checked', 'true');
      await page.screenshot({ path: `${SHOTS}/editor-lasso-${language}-${theme}.png` });
      await page.getByTestId('cv-cancel').click();
    }
  await app.core.handlers.updatePreferences({ language: 'en' });
});
