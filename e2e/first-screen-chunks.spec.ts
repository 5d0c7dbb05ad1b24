import { expect, test, type Page } from '@playwright/test';
import { COMPILE_HINT } from '../scripts/first-paint-chunks';
import { measureLoad, PAINT_PROBE } from './support/paint-probe';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { seedGallery } from './support/seed';

/**
 * Issue 31, cold first paint: what the gallery's first frame does not show stays out of its scripts. The
 * form (with the operation catalog and the zod schemas) is a chunk asked for once the gallery is on screen,
 * and then works; the Chinese table is fetched only when Chinese is the chosen language, and then the page
 * is in Chinese from its first frame.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 120, withFiles: 40, seed: 9 }));
});
test.afterAll(async () => {
  await app?.close();
});

/** Every script the page fetched, with the time its response arrived (page clock, ms since navigation). */
async function scriptsBefore(page: Page, t: number): Promise<string[]> {
  return page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\.js(\?|$)/.test(e.name) && e.responseEnd <= until)
        .map((e) => new URL(e.name).pathname),
    t,
  );
}

test('the gallery paints without the form chunk; the form is fetched after the paint and works', async ({
  page,
}) => {
  await app.core.handlers.updatePreferences({ language: 'en' });
  await page.addInitScript(PAINT_PROBE);
  const load = await measureLoad(page, app.url);
  const before = await scriptsBefore(page, load.paint);
  expect(before.some((s) => s.includes('/mount-'))).toBe(true);
  expect(before.filter((s) => /\/(OperationPanel|schemas|zh-CN)-/.test(s))).toEqual([]);
  expect(load.calls.filter((c) => c.sent <= load.paint).map((c) => c.method)).toEqual(['getFirstScreen']);

  // Fetched once the first frame is on screen, and the form is the real one: it takes a prompt.
  await expect(page.getByTestId('operation-panel')).toBeVisible();
  const after = await scriptsBefore(page, Number.MAX_SAFE_INTEGER);
  expect(after.some((s) => s.includes('/OperationPanel-'))).toBe(true);
  const prompt = page.getByTestId('operation-panel').locator('textarea').first();
  await prompt.fill('a lighthouse at dusk');
  await expect(prompt).toHaveValue('a lighthouse at dusk');
  expect(after.some((s) => s.includes('/zh-CN-'))).toBe(false);
});

test('Chinese: its table is fetched before the first render, and the first frame is already in Chinese', async ({
  page,
}) => {
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  try {
    await page.addInitScript(PAINT_PROBE);
    await page.addInitScript(() => {
      // The search box's placeholder as the first tile is added (the frame that paints it).
      new MutationObserver((_, obs) => {
        if (!document.querySelector('[data-testid="task-tile"]')) return;
        obs.disconnect();
        (window as unknown as { __firstPlaceholder: string | null }).__firstPlaceholder =
          document.querySelector<HTMLInputElement>('[data-testid="gallery-search"]')?.placeholder ?? null;
      }).observe(document, { childList: true, subtree: true });
    });
    const load = await measureLoad(page, app.url);
    const before = await scriptsBefore(page, load.paint);
    expect(before.some((s) => s.includes('/zh-CN-'))).toBe(true);
    const first = await page.evaluate(
      () => (window as unknown as { __firstPlaceholder: string | null }).__firstPlaceholder,
    );
    expect(first).toMatch(/[\u4e00-\u9fff]/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  } finally {
    await app.core.handlers.updatePreferences({ language: 'en' });
  }
});

test('the HTML asks for the app chunk before the entry has arrived; the chunks run first carry the compile hint', async ({
  page,
}) => {
  await app.core.handlers.updatePreferences({ language: 'en' });
  // This load is the one without a kept first screen (that path has its own spec): an earlier test's page may
  // have kept one, so the newest task's star changes and no copy matches the library any more.
  const [newest] = (await app.core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 1 })).items;
  if (newest) await app.core.handlers.setFavourite({ id: newest.id, favourite: !newest.favourite });
  const isMount = (url: string) => /\/assets\/mount-[^/]*\.js$/.test(new URL(url).pathname);
  let mountAsked = (): void => undefined;
  const asked = new Promise<void>((resolve) => (mountAsked = resolve));
  const bodies = new Map<string, Promise<string>>();
  page.on('request', (r) => isMount(r.url()) && mountAsked());
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) bodies.set(path, r.text());
  });
  // The entry script is held until the mount chunk is asked for (5 s at most): only the HTML can ask for it
  // then; without the preload the entry itself asks, once it runs.
  let heldUntilAsked = false;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000));
    heldUntilAsked = await Promise.race([asked.then(() => true), timeout]);
    await route.continue();
  });
  await page.addInitScript(PAINT_PROBE);
  const load = await measureLoad(page, app.url);
  expect(heldUntilAsked).toBe(true);
  expect(load.calls.filter((c) => c.sent <= load.paint).map((c) => c.method)).toEqual(['getFirstScreen']);

  const before = await scriptsBefore(page, load.paint);
  expect(before.length).toBeGreaterThan(2);
  for (const path of before) expect((await bodies.get(path))?.startsWith(COMPILE_HINT), path).toBe(true);
  // What the first screen does not run stays lazily compiled: the form, fetched after the paint.
  await expect(page.getByTestId('operation-panel')).toBeVisible();
  const form = [...bodies.keys()].find((p) => p.includes('/OperationPanel-'));
  expect(form).toBeDefined();
  expect((await bodies.get(form!))?.startsWith(COMPILE_HINT)).toBe(false);
});
