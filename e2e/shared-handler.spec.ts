import { expect, test, type Response } from '@playwright/test';
import { RENDERER_CSP } from '../src/core/app-server/csp';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

/**
 * The web host serves the page and every image and video through the same app handler as Electron's
 * `atelier-app:` protocol: same CSP, same-origin `/media/…` URLs (only the token differs), Range for video.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 12, extra: galleryFixtures() }));
});
test.afterAll(async () => {
  await app?.close();
});

test('the page carries the desktop CSP and every gallery image loads same-origin from /media', async ({
  page,
}) => {
  const media: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/')) media.push(r);
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const g = new GalleryPage(page);
  const doc = await page.goto(app.url);
  expect(doc?.headers()['content-security-policy']).toBe(RENDERER_CSP);
  await g.open(app.url);
  const images = page.locator('[data-testid="task-tile"] img');
  await expect.poll(() => images.count()).toBeGreaterThan(0);
  await expect
    .poll(() =>
      images.evaluateAll(
        (all: HTMLImageElement[]) => all.filter((i) => !(i.complete && i.naturalWidth > 0)).length,
      ),
    )
    .toBe(0);
  const srcs = await images.evaluateAll((all: HTMLImageElement[]) => all.map((i) => i.currentSrc));
  for (const src of srcs) {
    const url = new URL(src);
    expect(url.origin).toBe(app.origin);
    expect(url.pathname).toMatch(/^\/media\/(library|thumbs)\//);
  }
  expect(media.length).toBeGreaterThan(0);
  for (const r of media) expect([200, 206]).toContain(r.status());
  expect(violations).toEqual([]);
});
