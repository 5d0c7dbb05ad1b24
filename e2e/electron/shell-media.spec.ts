import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ElectronBridgeApi } from '../../src/shared/bridge/electron-api';
import { electronBinary } from './electron-binary';

/** The preload's API as the page sees it (the renderer declares it globally; e2e code does not). */
type WithBridge = typeof globalThis & { atelier?: ElectronBridgeApi };
type Reply = { ok: boolean; value?: unknown; error?: { code: string } };

/**
 * The flows that broke in the real shell: the gallery shows a finished image (`atelier-app://app/media/…`
 * under the CSP), a video plays and seeks (Range through protocol.handle), and Save as writes the file
 * (through the test-only save folder, honoured only when the app is not packaged). Runs where an Electron
 * binary exists (`npm run build` first).
 */
const binary = electronBinary();
let app: ElectronApplication;
let page: Page;
let userData: string;
let saveDir: string;

test.beforeAll(async () => {
  if (!binary.path) return;
  userData = mkdtempSync(join(tmpdir(), 'atelier-electron-media-'));
  saveDir = mkdtempSync(join(tmpdir(), 'atelier-electron-save-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: [resolve('out/main/index.js'), '--password-store=basic'],
    env: {
      ...process.env,
      ATELIER_USER_DATA: userData,
      ATELIER_TEST_SAVE_DIR: saveDir,
      ATELIER_DEMO_SPEED: 'instant',
      ELECTRON_RENDERER_URL: '',
    },
  });
  page = await app.firstWindow();
  await expect(page.getByTestId('shell')).toBeVisible();
});
test.afterAll(async () => {
  await app?.close();
  for (const d of [userData, saveDir]) if (d) rmSync(d, { recursive: true, force: true });
});

test.beforeEach(() => {
  // Skipped where no Electron binary exists (CI installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1); runs on a
  // developer machine after a plain `npm install`. Meanwhile src/main/*.wiring.test.ts runs main's wiring in
  // Vitest (Electron's API recorded). Plan: a CI job with a cached Electron binary runs these.
  test.skip(binary.path === null, 'reason' in binary ? binary.reason : '');
});

const invoke = (method: string, input: unknown): Promise<Reply> =>
  page.evaluate(
    ([m, i]) => (window as WithBridge).atelier?.invoke(m as never, i as never) as Promise<Reply>,
    [method, input] as const,
  );

/** Submits through the bridge and waits until every result is on disk. */
async function finished(
  operationId: string,
  values: Record<string, unknown>,
): Promise<{ id: string; files: string[] }> {
  const submitted = await invoke('submitTask', { operationId, values, extra: {} });
  expect(submitted.ok).toBe(true);
  const id = (submitted.value as { id: string }).id;
  let files: string[] = [];
  await expect
    .poll(
      async () => {
        const task = await invoke('getTask', { id });
        const results = (task.value as { results: { state: string; file?: string }[] }).results;
        files = results.flatMap((r) => (r.file ? [r.file] : []));
        return results.length > 0 && results.every((r) => r.state === 'done');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { id, files };
}

test('the gallery shows a finished image from atelier-app://app/media', async () => {
  const task = await finished('gateway.text2image', {
    model: '{vendor}_3.0_text2image',
    prompt: 'an image in the shell',
    aspect_ratio: '1:1',
    n: 1,
  });
  const img = page.locator(`[data-testid="task-tile"][data-task-id="${task.id}"] img`).first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  expect(await img.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).origin)).toBe('atelier-app://app');
});

test('a video plays and seeks (Range through the shared handler)', async () => {
  const task = await finished('gateway.text2video', {
    model: '{vendor}_2.6_text2video',
    prompt: 'a video in the shell',
    aspect_ratio: '16:9',
    duration: 5,
    mode: 'std',
  });
  await page.locator(`[data-testid="task-tile"][data-task-id="${task.id}"]`).click();
  const video = page.getByTestId('lightbox-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const after = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((done) => {
        v.pause();
        v.addEventListener('seeked', () => done(v.currentTime), { once: true });
        v.currentTime = 2;
      }),
  );
  expect(after).toBeCloseTo(2, 1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2.2);
  await page.keyboard.press('Escape');
});

test('Save as writes the file main chose (test save folder), byte for byte', async () => {
  const task = await finished('gateway.text2image', {
    model: '{vendor}_3.0_text2image',
    prompt: 'save me',
    aspect_ratio: '1:1',
    n: 1,
  });
  const saved = await invoke('saveResultAs', { id: task.id, index: 0 });
  expect(saved.ok).toBe(true);
  const path = (saved.value as { path: string }).path;
  expect(readdirSync(saveDir)).toContain(path.slice(saveDir.length + 1));
  const info = await invoke('getAppInfo', {});
  const library = (info.value as { libraryDir: string }).libraryDir;
  const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
  expect(sha(path)).toBe(sha(join(library, task.files[0] ?? '')));
  expect(
    await invoke('saveResultAs', { id: task.id, index: 0, targetPath: join(saveDir, 'attack.png') }),
  ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});
