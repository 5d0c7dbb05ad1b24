import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { submitAndWait, video } from './support/library-helpers';

/**
 * Issue 28, "Controls that tell the truth": a frame captured from a video ("Use this frame as…") links the
 * two tasks both ways, and lineage names operations in words (the catalog's label, en and 简体中文), never
 * by their ids.
 */
let app: RunningGalleryApp;
const shots = 'test-results/screenshots/lineage';
mkdirSync(shots, { recursive: true });
test.beforeAll(async () => {
  app = await startGalleryApp();
});
test.afterAll(async () => {
  await app?.close();
});

const OPERATION_IDS = /\b(gateway|unifiedVideo|videos|imageEdit|vendor)\.[a-zA-Z]+/;

async function openLightbox(page: Page, id: string): Promise<void> {
  const g = new GalleryPage(page);
  await g.tile(id).click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', id);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await app.core.handlers.updatePreferences({ theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByTestId('lineage').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${theme}.png` });
  }
}

test('a captured frame: "Used by" on the source video, "Made from" on the task, operations in words in en and zh-CN', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const clip = await submitAndWait(app, video('a harbour at dusk, boats rocking'));
  const g = new GalleryPage(page);
  const f = new FormsPage(page);
  await g.open(app.url);
  await openLightbox(page, clip.id);
  await page.waitForFunction(
    () => ((document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 2,
  );
  await page.evaluate(async () => {
    const v = document.querySelector('[data-testid="lightbox-video"]') as HTMLVideoElement;
    v.pause();
    await new Promise<void>((r) => {
      v.addEventListener('seeked', () => r(), { once: true });
      v.currentTime = 1;
    });
  });
  // The frame as a reference image of the unified video form (not the first frame).
  await page.getByTestId('use-frame').click();
  await page.getByTestId('use-frame-reference').click();
  await expect(g.lightbox).toHaveCount(0);
  await f.fill('prompt', 'the boats sail out, matching the reference');
  const child = await f.submitAndExpectSuccess();
  const lineage = await app.core.handlers.getLineage({ id: child });
  expect(lineage.parents.map((p) => [p.taskId, p.kind, p.frameMs])).toEqual([[clip.id, 'frame', 1000]]);

  // The source video: "Used by" names the task that used its frame, and its operation in words.
  await openLightbox(page, clip.id);
  const usedBy = page.getByTestId('used-by-item');
  await expect(usedBy).toHaveCount(1);
  await expect(usedBy).toHaveAttribute('data-task-id', child);
  await expect(usedBy).toContainText('used its frame at 0:01.00');
  await expect(usedBy.getByTestId('lineage-operation')).toHaveText('Unified video');
  await expect(page.getByTestId('lineage')).not.toContainText(OPERATION_IDS);
  await shoot(page, 'used-by-en');

  // Across to the task: "Made from" names the video's operation.
  await usedBy.click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', child);
  const madeFrom = page.getByTestId('made-from-item');
  await expect(madeFrom).toHaveAttribute('data-task-id', clip.id);
  await expect(madeFrom).toContainText('frame at 0:01.00');
  await expect(madeFrom.getByTestId('lineage-operation')).toHaveText('Text to video');
  await expect(page.getByTestId('lineage')).not.toContainText(OPERATION_IDS);

  // 简体中文: the same links, the catalog's Chinese labels.
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(madeFrom.getByTestId('lineage-operation')).toHaveText('文生视频');
  await expect(madeFrom).toContainText('0:01.00 处的帧');
  await shoot(page, 'made-from-zh');
  await madeFrom.click();
  await expect(g.lightbox).toHaveAttribute('data-task-id', clip.id);
  await expect(usedBy.getByTestId('lineage-operation')).toHaveText('统一视频');
  await expect(usedBy).toContainText('用了 0:01.00 处的帧');
  await expect(page.getByTestId('lineage')).not.toContainText(OPERATION_IDS);
  await shoot(page, 'used-by-zh');
  await app.core.handlers.updatePreferences({ language: 'en' });
});
