import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { FormsPage } from './pages/forms-page';
import { pickValue, recordBrowserDialogs } from './support/select';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { draftOf, ffmpegFrame, image, meanDiff, submitAndWait, video } from './support/library-helpers';

let app: RunningGalleryApp;
const tmp = mkdtempSync(join(tmpdir(), 'atelier-lib-e2e-'));
const shots = 'test-results/screenshots/library';
mkdirSync(shots, { recursive: true });
test.beforeAll(async () => {
  app = await startGalleryApp();
});
test.afterAll(async () => {
  await app?.close();
});

const stagedPng = (id: string) => PNG.sync.read(readFileSync(join(app.dataDir, 'inputs', id)));
const libraryFile = (file: string | null) => join(app.libraryDir, file ?? '');
const openLightbox = async (page: Page, id: string) => {
  const g = new GalleryPage(page);
  await g.tile(id).click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', id);
};
const videoReady = (page: Page) =>
  page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement | null)?.readyState ===
        4 ||
      ((document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement | null)?.readyState ??
        0) >= 2,
  );

test('a gallery tile dragged onto the first-frame slot fills it with that result, and the new task records it as a parent', async ({
  page,
}) => {
  const source = await submitAndWait(app, image('a lighthouse for the first frame'));
  const g = new GalleryPage(page);
  const f = new FormsPage(page);
  await g.open(app.url);
  await f.open('unifiedVideo.generate');
  await f.chooseChip('inputKind', 'firstFrame');
  await g.tile(source.id).locator('.gl-media').dragTo(page.getByTestId('drop-image'));
  await expect(page.getByTestId('media-image').locator('.fm-media-filled')).toBeVisible();
  expect(await draftOf(page, 'unifiedVideo.generate')).toMatchObject({
    inputKind: 'firstFrame',
    image: { kind: 'result', taskId: source.id, index: 0 },
  });
  await f.fill('prompt', 'the light turns on');
  const child = await f.submitAndExpectSuccess();
  const lineage = await app.core.handlers.getLineage({ id: child });
  expect(lineage.parents.map((p) => [p.taskId, p.kind])).toEqual([[source.id, 'input']]);
});

test('"Use this frame as…" at a seeked time stages a native-size PNG of that frame; lineage shows in both directions', async ({
  page,
}) => {
  const clip = await submitAndWait(app, video('a clip to take a frame from'));
  const g = new GalleryPage(page);
  const f = new FormsPage(page);
  await g.open(app.url);
  await openLightbox(page, clip.id);
  await videoReady(page);
  await page.evaluate(async () => {
    const v = document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement;
    v.pause();
    await new Promise<void>((r) => {
      v.addEventListener('seeked', () => r(), { once: true });
      v.currentTime = 1.5;
    });
  });
  await page.getByTestId('use-frame').click();
  await page.getByTestId('use-frame-firstFrame').click();
  await expect(g.lightbox).toHaveCount(0);
  const values = await draftOf(page, 'unifiedVideo.generate');
  const input = (values.image as { kind: string; input: { id: string; name: string } }).input;
  expect(input.name).toMatch(/^frame-.*-1500ms\.png$/);
  const staged = stagedPng(input.id);
  // Native resolution of the clip (640×360), not the size it had on screen.
  expect([staged.width, staged.height]).toEqual([640, 360]);
  const file = libraryFile(clip.results[0]?.file ?? null);
  const same = meanDiff(staged, ffmpegFrame(file, 1.5, tmp));
  const other = meanDiff(staged, ffmpegFrame(file, 0.3, tmp));
  expect(same, `frame at 1.5 s (other frame differs by ${other.toFixed(1)})`).toBeLessThan(4);
  expect(other).toBeGreaterThan(same * 3);

  await f.fill('prompt', 'the clip goes on from its middle');
  const child = await f.submitAndExpectSuccess();
  const lineage = await app.core.handlers.getLineage({ id: child });
  expect(lineage.parents.map((p) => [p.taskId, p.kind, p.frameMs])).toEqual([[clip.id, 'frame', 1500]]);

  // Made from, in the child's lightbox; then across to the parent, where "used by" names the child.
  await openLightbox(page, child);
  const madeFrom = page.getByTestId('made-from-item');
  await expect(madeFrom).toHaveAttribute('data-task-id', clip.id);
  await expect(page.getByTestId('chain-item')).toHaveCount(2);
  for (const [w, h] of [
    [1280, 800],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shots}/lineage-made-from-${w}.png` });
  }
  await madeFrom.click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', clip.id);
  await expect(page.getByTestId('used-by-item').first()).toHaveAttribute('data-task-id', child);
  await page.screenshot({ path: `${shots}/lineage-used-by.png` });
});

test('"Continue from last frame" builds a first-frame draft from the final frame with the prompt carried over', async ({
  page,
}) => {
  const clip = await submitAndWait(app, video('waves rolling toward the shore'));
  const g = new GalleryPage(page);
  const f = new FormsPage(page);
  await g.open(app.url);
  await openLightbox(page, clip.id);
  await videoReady(page);
  // A video that is not an extension offers to extend it, not to extend it "again".
  await expect(page.getByTestId('extend-video')).toHaveText('Extend');
  await page.getByTestId('continue-last-frame').click();
  await expect(g.lightbox).toHaveCount(0);
  await expect(page.getByTestId('op-unifiedVideo.generate')).toHaveAttribute('aria-current', /page|true/);
  await expect(f.input('prompt')).toHaveValue('waves rolling toward the shore');
  await expect(page.getByTestId('media-image').locator('.fm-media-filled')).toBeVisible();
  const values = await draftOf(page, 'unifiedVideo.generate');
  expect(values.inputKind).toBe('firstFrame');
  const input = (values.image as { input: { id: string } }).input;
  const staged = stagedPng(input.id);
  const file = libraryFile(clip.results[0]?.file ?? null);
  const last = meanDiff(staged, ffmpegFrame(file, 'last', tmp));
  const first = meanDiff(staged, ffmpegFrame(file, 0, tmp));
  expect(last, `last frame (first differs by ${first.toFixed(1)})`).toBeLessThan(4);
  expect(first).toBeGreaterThan(last * 3);
});

test('a board: create, multi-select with Ctrl and Shift, move in, filter, export a ZIP whose manifest lists the chosen results', async ({
  page,
}) => {
  const a = await submitAndWait(app, image('board item one'));
  const b = await submitAndWait(app, image('board item two'));
  const c = await submitAndWait(app, image('board item three'));
  test.setTimeout(150_000);
  const g = new GalleryPage(page);
  const dialogCalls = await recordBrowserDialogs(page);
  await g.open(app.url);
  // Named in the page (Electron has no window.prompt): a dialog with one field, focused.
  await page.getByTestId('board-new').click();
  const name = page.getByTestId('board-name-input');
  await expect(name).toBeFocused();
  await name.fill('');
  await page.getByTestId('board-name-save').click();
  await expect(page.getByTestId('board-name-dialog').getByRole('alert')).toHaveText('Give the board a name.');
  await name.fill('Seaside project');
  await name.press('Enter');
  await expect(page.getByTestId('board-name-dialog')).toBeHidden();
  await expect(page.getByTestId('board-select')).toHaveText(/Seaside project/);
  // The new board is empty and current: it says so; show everything again to pick tasks.
  await expect(page.getByTestId('board-empty')).toHaveText('This board is empty');
  await pickValue(page, 'board-select', '');
  await g.tile(c.id).click({ modifiers: ['ControlOrMeta'] });
  await g.tile(a.id).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
  await g.tile(b.id).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  await expect(g.tile(a.id)).toHaveAttribute('aria-selected', 'true');
  await expect(g.tile(b.id)).toHaveAttribute('aria-selected', 'false');
  const board = (await app.core.handlers.listBoards({})).items.find((x) => x.name === 'Seaside project');
  expect(board).toBeDefined();
  await pickValue(page, 'selection-move', board?.id ?? '');
  await pickValue(page, 'board-select', board?.id ?? '');
  await expect(g.tiles).toHaveCount(2);
  await expect(page.getByTestId('gallery-total')).toHaveText(/2/);
  for (const theme of ['light', 'dark'] as const) {
    await app.core.handlers.updatePreferences({ theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${shots}/board-${theme}.png` });
  }
  await page.getByTestId('selection-export').click();
  await expect(page.getByTestId('export-download')).toBeVisible();
  const zips = readdirSync(join(app.libraryDir, 'exports')).filter((n) => n.endsWith('.zip'));
  expect(zips).toHaveLength(1);
  const zip = unzipSync(readFileSync(join(app.libraryDir, 'exports', zips[0] ?? '')));
  const manifest = JSON.parse(strFromU8(zip['manifest.json'] ?? new Uint8Array())) as {
    files: { file: string; taskId: string; prompt: string; sha256: string }[];
  };
  expect(manifest.files.map((x) => x.taskId).sort()).toEqual([a.id, c.id].sort());
  expect(manifest.files.map((x) => x.prompt).sort()).toEqual(['board item one', 'board item three']);
  for (const x of manifest.files) expect(zip[x.file]?.length ?? 0).toBeGreaterThan(100);
  const csv = strFromU8(zip['manifest.csv'] ?? new Uint8Array())
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    'file,taskId,remoteId,resultIndex,operationId,model,prompt,parameters,points,createdAt,sha256,parents',
  );
  expect(csv).toHaveLength(3);
  // The download link serves the same ZIP.
  const href = await page.getByTestId('export-download').getAttribute('href');
  const res = await page.request.get(new URL(href ?? '', app.url).href);
  expect(res.status()).toBe(200);
  expect((await res.body()).length).toBe(readFileSync(join(app.libraryDir, 'exports', zips[0] ?? '')).length);
  // Renamed in the page too; deleting asks with Cancel focused (Enter keeps the board).
  await page.getByTestId('board-rename').click();
  await expect(page.getByTestId('board-name-input')).toHaveValue('Seaside project');
  await page.getByTestId('board-name-input').fill('Harbour project');
  await page.getByTestId('board-name-save').click();
  await expect(page.getByTestId('board-select')).toHaveText(/Harbour project/);
  await page.getByTestId('board-delete').click();
  await expect(page.getByTestId('board-delete-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('board-delete-confirm')).toBeHidden();
  await expect(page.getByTestId('board-select')).toHaveText(/Harbour project/);
  await expect(page.getByTestId('board-delete')).toBeFocused();
  await page.getByTestId('selection-clear').click();
  await pickValue(page, 'board-select', '');
  expect(await dialogCalls()).toEqual([]);
});

test('dropping an Atelier-made file shows its settings; "Reuse settings" fills the draft and "Find the task" opens it', async ({
  page,
}) => {
  const made = await submitAndWait(app, image('a heron standing in fog, made to be dropped'));
  const bytes = readFileSync(libraryFile(made.results[0]?.file ?? null));
  const g = new GalleryPage(page);
  const f = new FormsPage(page);
  await g.open(app.url);
  await f.open('gateway.text2video');
  await page.evaluate(
    ({ b64, name }) => {
      const data = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type: 'image/png' }));
      const target = document.querySelector('[data-testid="gallery"]') ?? document.body;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { b64: bytes.toString('base64'), name: 'from-elsewhere.png' },
  );
  const dialog = page.getByTestId('file-drop-dialog');
  await expect(page.getByTestId('file-drop-prompt')).toHaveText(
    'a heron standing in fog, made to be dropped',
  );
  await expect(page.getByTestId('file-drop-task')).toHaveText(made.id);
  for (const theme of ['dark', 'light'] as const) {
    await app.core.handlers.updatePreferences({ theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await dialog.screenshot({ path: `${shots}/drop-dialog-${theme}.png` });
  }
  await page.getByTestId('file-drop-reuse').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('op-gateway.text2image')).toHaveAttribute('aria-current', /page|true/);
  await expect(f.input('prompt')).toHaveValue('a heron standing in fog, made to be dropped');
  expect(await draftOf(page, 'gateway.text2image')).toMatchObject({ aspect_ratio: '1:1', n: 1 });

  await page.evaluate(
    ({ b64 }) => {
      const dt = new DataTransfer();
      dt.items.add(
        new File([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], 'again.png', { type: 'image/png' }),
      );
      document.body.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    },
    { b64: bytes.toString('base64') },
  );
  await page.getByTestId('file-drop-find').click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', made.id);
});
