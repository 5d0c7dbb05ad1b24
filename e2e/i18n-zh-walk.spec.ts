import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { SettingsPage } from './pages/settings-page';
import { twoTonePng } from './support/canvas-fixtures';
import { OPERATIONS } from '../src/shared/operations/catalog';
import { SHORTCUTS } from '../src/renderer/src/app/shortcuts';
import { findUntranslated, readableTexts, untranslatedWords } from './support/en-table-words';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { submitAndWait } from './support/library-helpers';

/**
 * Issue 28, "Finish the translation": in 简体中文, every screen of the studio shows no English word of the
 * string tables, in its text, accessible names, placeholders or tooltips. The dictionary is every word
 * of the en tables that the zh-CN tables never use; the tasks carry Chinese prompts, so what is left on
 * screen in English is Atelier's own. Each screen is captured to test-results/screenshots/i18n-walk/.
 */
const DIR = 'test-results/screenshots/i18n-walk';
mkdirSync(DIR, { recursive: true });
let app: RunningGalleryApp;
let clipId = '';
let batchMember = '';
test.beforeAll(async () => {
  app = await startGalleryApp();
  const { batchId } = await app.core.handlers.submitBatch({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: '窗台上的三只玻璃茶壶，晨光', aspect_ratio: '1:1', n: 1 },
    extra: {},
    count: 3,
    models: null,
  });
  await expect
    .poll(async () => (await app.core.handlers.listBatches({ limit: 8 })).find((b) => b.id === batchId)?.members.every((m) => m.status === 'succeeded'), { timeout: 60_000 })
    .toBe(true);
  batchMember = (await app.core.handlers.listBatches({ limit: 8 })).find((b) => b.id === batchId)?.members[0]?.id ?? '';
  const clip = await submitAndWait(app, {
    operationId: 'gateway.text2video',
    values: { model: '{vendor}_2.6_text2video', prompt: '黄昏的港口，小船摇晃', aspect_ratio: '16:9', duration: 5, mode: 'std' },
    extra: {},
  });
  clipId = clip.id;
});
test.afterAll(async () => {
  await app?.close();
});

const table = untranslatedWords();
/** Model names are names: the catalog's labels of its model presets. */
const models = OPERATIONS.flatMap((op) => op.fields.flatMap((f) => (f.type === 'model' ? f.presets.map((p) => p.label) : [])));
/**
 * Key caps are names too ("Home / End", "PgUp / PgDn"): printed in English on keyboards in China as well. Only
 * the sheet's whole entries of several keys: a one-letter cap ("C") cut out of every text would split words
 * and ids around it (a task id "…C3ADDC41…" read as "ADD").
 */
const keyCaps = SHORTCUTS.flatMap((g) => g.items.filter((k) => !k.combo && k.keys.includes(' ')).map((k) => k.keys));

test('zh-CN: every screen of the studio shows no English word of the string tables', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.core.handlers.updatePreferences({ language: 'zh-CN', theme: 'dark' });
  const g = new GalleryPage(page);
  const forms = new FormsPage(page);
  const settings = new SettingsPage(page);
  await g.open(app.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const problems: string[] = [];
  const check = async (name: string): Promise<void> => {
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${DIR}/${name}.png` });
    for (const w of findUntranslated(await readableTexts(page), table, [...models, ...keyCaps])) problems.push(`${name}: “${w.word}” in “${w.context}”`);
  };

  // The main screen: grid with batches, then the list.
  await page.getByTestId('op-gateway.text2image').click();
  await expect(page.getByTestId('batch-group').first()).toBeVisible();
  await check('main-grid');
  await page.getByTestId('view-list').click();
  await check('main-list');
  await page.getByTestId('view-grid').click();

  // The lightbox: an image, then the video with its frame tools.
  await g.tile(batchMember).click();
  await expect(page.getByTestId('lightbox-image')).toHaveJSProperty('complete', true);
  await check('lightbox-image');
  await page.keyboard.press('Escape');
  await g.tile(clipId).click();
  await expect(page.getByTestId('frame-actions')).toBeVisible();
  await check('lightbox-video');
  await page.getByTestId('use-frame').click();
  await check('lightbox-use-frame-menu');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);

  // Settings, every section, and a gateway being added.
  for (const tab of ['general', 'gateways', 'library', 'about'] as const) {
    await settings.open(tab);
    await check(`settings-${tab}`);
  }
  await settings.open('gateways');
  await settings.dialog.getByTestId('profile-add').click();
  await check('settings-gateway-editor');
  await settings.close();

  // The points ledger.
  await page.getByTestId('open-ledger').click();
  await expect(page.getByTestId('ledger')).toBeVisible();
  await check('ledger');
  await page.keyboard.press('Escape');

  // Compare, from the batch.
  await page.getByTestId('batch-group').first().getByTestId('batch-compare').click();
  await expect(page.getByTestId('compare-view').locator('img').first()).toBeVisible();
  await check('compare');
  await page.getByTestId('compare-close').click();

  // The queue panel.
  await page.getByTestId('open-queue').click();
  await expect(page.getByTestId('queue-panel')).toBeVisible();
  await check('queue');
  await page.getByTestId('queue-close').click();

  // The shortcut sheet.
  await page.getByTestId('gallery').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
  await check('shortcut-sheet');
  await page.keyboard.press('Escape');

  // The board dialog.
  await page.getByTestId('board-new').click();
  await expect(page.getByTestId('board-name-dialog')).toBeVisible();
  await check('board-dialog');
  await page.getByTestId('board-name-cancel').click();

  // The drop dialog: one of the studio's own results dropped on the window.
  const made = app.core.store.get(batchMember);
  const bytes = readFileSync(join(app.libraryDir, made?.results[0]?.file ?? ''));
  await page.evaluate(
    ({ b64 }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], '茶壶.png', { type: 'image/png' }));
      const target = document.querySelector('[data-testid="gallery"]') ?? document.body;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { b64: bytes.toString('base64') },
  );
  await expect(page.getByTestId('file-drop-dialog')).toBeVisible();
  await check('drop-dialog');
  await page.keyboard.press('Escape');

  // The editor, from the image edit form.
  await forms.open('imageEdit.edit');
  await check('form-image-edit');
  await forms.addFiles('images', [twoTonePng('两色.png', 640, 400, [40, 90, 200], [230, 160, 40])]);
  await forms.form.getByTestId('paint-mask').click();
  await expect(page.getByTestId('mp-canvas')).toBeVisible();
  await check('inline-painter');
  await forms.form.getByTestId('mask-done').click();
  await forms.form.getByTestId('open-canvas-editor').click();
  await expect(page.getByTestId('cv-canvas')).toBeVisible();
  await check('editor');
  await page.keyboard.press('l');
  await check('editor-lasso');
  await page.getByTestId('cv-cancel').click();

  await app.core.handlers.updatePreferences({ language: 'en' });
  expect(problems, 'English words of the string tables on zh-CN screens').toEqual([]);
});

test('the dictionary holds the English of the tables and none of what zh-CN shares', () => {
  // Words every screen uses in English, and names written the same in both languages.
  for (const w of ['generate', 'settings', 'cancel', 'lineage']) expect(table.has(w), w).toBe(true);
  for (const w of ['atelier', 'json', 'openai']) expect(table.has(w), w).toBe(false);
  // The names cut out of texts leave an id whole (it holds "ADD" only if "C" is cut out), and a word is found.
  expect(findUntranslated(['任务 AIGWE8E9C3ADDC41FE5A4BA2'], new Set(['add']), [...models, ...keyCaps])).toEqual([]);
  expect(findUntranslated(['Add 到看板'], new Set(['add']), [...models, ...keyCaps]).map((f) => f.word)).toEqual(['Add']);
});
