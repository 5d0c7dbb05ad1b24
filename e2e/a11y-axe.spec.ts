import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { twoTonePng } from './support/canvas-fixtures';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

/**
 * Issue 28 §8: axe-core finds no critical or serious violation on the main screen (grid and list), the
 * lightbox, Settings, the editor and Compare, in both themes (contrast ≥ 4.5:1 included, the Demo badge too).
 */
let app: RunningGalleryApp;
test.beforeAll(async () => {
  app = await startGalleryApp((dir) => void seedGallery(dir, { count: 24, withFiles: 24, extra: galleryFixtures() }));
});
test.afterAll(async () => {
  await app?.close();
});

async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  // Let open/close animations settle (a half-faded element has a misleading contrast).
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.slice(0, 4).map((n) => `${screen}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`));
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe: main screen (grid, list), lightbox, Settings, Compare and the editor, ${theme}`, async ({ page }) => {
    test.setTimeout(150_000);
    await app.core.handlers.updatePreferences({ theme, language: 'en' });
    const g = new GalleryPage(page);
    await g.open(app.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(g.tiles.first()).toBeVisible();
    const problems: string[] = [];

    problems.push(...(await seriousViolations(page, 'grid')));
    await page.getByTestId('view-list').click();
    await expect(g.rows.first()).toBeVisible();
    problems.push(...(await seriousViolations(page, 'list')));
    await page.getByTestId('view-grid').click();

    await g.tile('fx-zebra').click();
    await expect(g.lightbox).toBeVisible();
    problems.push(...(await seriousViolations(page, 'lightbox')));
    await page.keyboard.press('Escape');
    await expect(g.lightbox).toBeHidden();

    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings')).toBeVisible();
    problems.push(...(await seriousViolations(page, 'settings')));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings')).toBeHidden();

    await g.tile('fx-zebra').click({ modifiers: ['ControlOrMeta'] });
    await g.tiles.nth(4).click({ modifiers: ['ControlOrMeta'] });
    await page.getByTestId('compare-selected').click();
    await expect(page.getByTestId('compare-view')).toBeVisible();
    problems.push(...(await seriousViolations(page, 'compare')));
    await page.getByTestId('compare-close').click();
    await page.keyboard.press('Escape');

    const forms = new FormsPage(page);
    await forms.open('imageEdit.edit');
    await forms.addFiles('images', [twoTonePng('two-tone.png', 640, 400, [40, 90, 200], [230, 160, 40])]);
    await forms.form.getByTestId('open-canvas-editor').click();
    await expect(page.getByTestId('cv-canvas')).toBeVisible();
    problems.push(...(await seriousViolations(page, 'editor')));
    await page.getByTestId('cv-cancel').click();

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
