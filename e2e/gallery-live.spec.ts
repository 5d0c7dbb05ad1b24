import { expect, test, type Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery, fixtureTask } from './support/seed';

let app: RunningGalleryApp;
test.beforeAll(async () => {
  // The simulator at its 'real' pace: an image task is queued ~2 s and runs ~6 s; the engine polls every 2 s.
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 30 }), { speed: 'real' });
  await app.core.handlers.updatePreferences({ theme: 'dark' });
});
test.afterAll(async () => {
  await app?.close();
});

/** Records every status each tile shows and every document title, as the DOM changes (no sampling gaps). */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { statusLog: string[]; titles: string[] };
    w.statusLog = [];
    w.titles = [document.title];
    const seen = new Map<string, string>();
    const scan = () => {
      for (const el of document.querySelectorAll('[data-testid="task-tile"]')) {
        const id = el.getAttribute('data-task-id') ?? '';
        const s = el.getAttribute('data-status') ?? '';
        if (seen.get(id) !== s) {
          seen.set(id, s);
          w.statusLog.push(`${id}:${s}`);
        }
      }
      if (w.titles.at(-1) !== document.title) w.titles.push(document.title);
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'], characterData: true });
    scan();
  });
}

const log = (page: Page) => page.evaluate(() => (window as unknown as { statusLog: string[] }).statusLog);
const titles = (page: Page) => page.evaluate(() => (window as unknown as { titles: string[] }).titles);

test('a submitted task appears at once and moves live through its states to its result', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  await recordStatuses(page);
  const before = await g.total();

  const task = await app.core.handlers.submitTask({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: 'A quokka astronaut waving from the moon, soft pastel', aspect_ratio: '1:1', n: 2 },
    extra: {},
  });
  const tile = g.tile(task.id);
  await expect(tile).toBeVisible();
  await expect(g.tiles.first()).toHaveAttribute('data-task-id', task.id);
  await expect(g.root).toHaveAttribute('data-total', String(before + 1));
  await expect(tile).toHaveAttribute('data-status', /queued|running/, { timeout: 10_000 });
  await expect.poll(() => page.title()).toBe('(1) Atelier');
  await expect(page.getByTestId('count-active')).toHaveText('1');
  // The engine polls near the expected finish (issue 16), so it may never see `running`: the tile says what it
  // knows while the task is in flight.
  await expect(tile.getByTestId('live-status')).toBeVisible();
  await g.screenshot('grid-live-dark');

  await expect(tile).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(tile.locator('img.gl-media')).toHaveJSProperty('complete', true);
  await expect.poll(() => page.title()).toBe('Atelier');
  await expect(page.getByTestId('count-active')).toHaveText('0');

  const mine = (await log(page)).filter((e) => e.startsWith(`${task.id}:`)).map((e) => e.split(':')[1]);
  expect(mine.at(-1)).toBe('succeeded');
  const inFlight = mine.findIndex((s) => s === 'queued' || s === 'running');
  expect(inFlight).toBeGreaterThanOrEqual(0);
  expect(inFlight).toBeLessThan(mine.lastIndexOf('succeeded'));
  expect(await titles(page)).toContain('(1) Atelier');
});

test('waiting for a rate limit and an overdue estimate are said plainly', async ({ page }) => {
  const now = Date.now();
  const g = new GalleryPage(page);
  await g.open(app.url);
  app.put(fixtureTask('fx-ratelimited', { operationId: 'videos.create', prompt: 'A slow pan over a misty bamboo forest', status: 'queued', createdAt: now, submittedAt: now, rateLimitedUntil: now + 90_000 }));
  app.put(fixtureTask('fx-overdue', { operationId: 'gateway.text2video', prompt: 'A whale breaching at sunset', status: 'running', createdAt: now - 1, submittedAt: now - 12 * 60_000, progress: null }));
  await expect(g.tile('fx-ratelimited')).toContainText('Waiting for rate limit');
  await expect(g.tile('fx-overdue')).toContainText('~95%');
  await expect(g.tile('fx-overdue')).toContainText('Taking longer than usual');
  await expect.poll(() => page.title()).toBe('(2) Atelier');
  await g.screenshot('grid-states-dark');
  await page.getByTestId('view-list').click();
  await expect(g.rows.first()).toBeVisible();
  await g.screenshot('list-states-dark');
  await page.getByTestId('view-grid').click();
});
