import { expect, test, type Page } from '@playwright/test';
import { OPERATIONS } from '../src/shared/operations/catalog';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { shownTooltip } from './support/focus';
import { galleryFixtures } from './support/gallery-fixtures';
import { image } from './support/library-helpers';
import { seedGallery } from './support/seed';

/**
 * Issue 28 §4 at 960×640, the smallest window Atelier supports: the batch actions ("Stop all") never wrap,
 * even with the gallery at its narrowest; Tab through every form never leaves the focused control under the
 * sticky footer; the icon-only rail names each operation and shows a real tooltip on hover and on focus.
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 6, withFiles: 6, extra: galleryFixtures() }));
  const { batchId } = await app.core.handlers.submitBatch({ ...image('three glass teapots on a windowsill'), count: 3, models: null });
  await expect
    .poll(async () => (await app.core.handlers.listBatches({ limit: 8 })).find((b) => b.id === batchId)?.members.every((m) => m.status === 'succeeded'), { timeout: 60_000 })
    .toBe(true);
});
test.afterAll(async () => {
  await app?.close();
});

async function open960(page: Page, language: 'en' | 'zh-CN' = 'en'): Promise<void> {
  await app.core.handlers.updatePreferences({ language });
  await page.setViewportSize({ width: 960, height: 640 });
  await page.goto(app.url);
  await expect(page.getByTestId('operation-form')).toBeVisible();
}

for (const language of ['en', 'zh-CN'] as const)
  test(`at 960×640 (${language}) the batch actions stay on one line, with the gallery at its widest and at its narrowest`, async ({ page }) => {
    await open960(page, language);
    const batch = page.getByTestId('batch-group').first();
    await expect(batch).toBeVisible();
    const handle = page.getByTestId('split-handle');
    for (const key of ['Home', 'End']) {
      await handle.focus();
      await page.keyboard.press(key);
      await page.waitForTimeout(100);
      for (const b of await batch.locator('.st-batch-actions .btn').all()) {
        const lines = await b.evaluate((el) => {
          // One line: every fragment of the label's text sits on the same row.
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const r = document.createRange();
            r.selectNodeContents(n);
            for (const c of r.getClientRects()) if (c.width > 0) tops.add(Math.round(c.top));
          }
          return { tops: tops.size, text: el.textContent ?? '', overflow: el.scrollWidth - el.clientWidth };
        });
        expect(lines.tops, `"${lines.text}" wraps (split: ${key})`).toBe(1);
        expect(lines.overflow, `"${lines.text}" is clipped (split: ${key})`).toBeLessThanOrEqual(0);
      }
    }
    await page.evaluate(() => localStorage.clear());
  });

test('at 960×640 Tab through every operation form never leaves the focused control under the sticky footer', async ({ page }) => {
  test.setTimeout(240_000);
  await open960(page);
  for (const op of OPERATIONS) {
    await page.getByTestId(`op-${op.id}`).click();
    await expect(page.getByTestId('operation-form')).toHaveAttribute('data-op', op.id);
    const scroller = page.getByTestId('form-column');
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await page.getByTestId('operation-panel').locator('.op-title').click();
    let seen = 0;
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const form = document.querySelector('[data-testid="operation-form"]');
        const dock = document.querySelector('.fm-dock');
        const column = document.querySelector('[data-testid="form-column"]');
        if (!el || !form?.contains(el) || !dock || !column) return { inForm: false } as const;
        if (dock.contains(el)) return { inForm: true, inDock: true } as const;
        const r = el.getBoundingClientRect();
        return {
          inForm: true,
          inDock: false,
          what: el.outerHTML.slice(0, 120),
          bottom: r.bottom,
          top: r.top,
          dockTop: dock.getBoundingClientRect().top,
          columnTop: column.getBoundingClientRect().top,
        } as const;
      });
      if (!where.inForm) break;
      if (where.inDock) continue;
      seen++;
      expect(where.bottom, `${op.id}: ${where.what} is under the footer`).toBeLessThanOrEqual(where.dockTop + 1);
      expect(where.top, `${op.id}: ${where.what} is above the column`).toBeGreaterThanOrEqual(where.columnTop - 1);
    }
    expect(seen, `${op.id}: Tab reached no control`).toBeGreaterThan(1);
  }
});

test('at 960×640 the icon-only rail names each operation and shows a real tooltip on hover and on keyboard focus', async ({ page }) => {
  await open960(page);
  const item = page.getByTestId('op-gateway.text2image');
  await expect(item.locator('.sidebar-label')).toBeHidden();
  await expect(item).toHaveAccessibleName('Text to image');
  await expect(item).not.toHaveAttribute('title', /./);
  await item.hover();
  await expect(shownTooltip(page)).toHaveText('Text to image');
  await page.mouse.move(480, 20, { steps: 8 });
  await expect(page.getByTestId('tooltip').filter({ hasText: 'Text to image' })).toHaveCount(0);
  await page.getByTestId('op-gateway.text2video').focus();
  await page.keyboard.press('Tab');
  await expect(shownTooltip(page)).toBeVisible();
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  await expect(shownTooltip(page)).toHaveText(focused);
  // Wide windows show the label beside the icon: no tooltip repeating it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.mouse.move(0, 0);
  await item.hover();
  await page.waitForTimeout(700);
  await expect(page.getByTestId('tooltip').filter({ hasText: 'Text to image' })).toHaveCount(0);
});

test('at 960×640 another operation opens at its top, whatever the last form was scrolled to', async ({ page }) => {
  await open960(page);
  await page.getByTestId('op-gateway.text2video').click();
  const column = page.getByTestId('form-column');
  // Less than either form is taller than the window, so the browser's clamp cannot bring it back to 0.
  await column.evaluate((el) => el.scrollTo({ top: 120 }));
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(120);
  await page.getByTestId('op-imageEdit.edit').click();
  await expect(page.getByTestId('operation-form')).toHaveAttribute('data-op', 'imageEdit.edit');
  expect(await column.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeGreaterThan(120);
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(page.locator('.op-title')).toBeInViewport({ ratio: 1 });
});

test('the members of a batch each have a name of their own (its place first)', async ({ page }) => {
  await open960(page);
  const members = page.getByTestId('batch-group').first().getByTestId('batch-member');
  await expect(members).toHaveCount(3);
  const names = await members.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  expect(new Set(names).size, names.join(' | ')).toBe(3);
  expect(names[0]).toMatch(/^1\/3 · /);
});
