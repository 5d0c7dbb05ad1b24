import { expect, test } from '@playwright/test';
import { FormsPage, pngFile } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/** Issue 15, the minor list (session 3): each test fails on the code before its fix. */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});
test.beforeEach(async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
});

const posts = () => (app.simulator()?.log ?? []).filter((e) => e.method === 'POST');

test('the link note is said once, under the field holding a local file, and not for links', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await forms.open('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstLastFrame');
  const notes = forms.form.getByTestId('link-note');
  await expect(forms.field('image_tail')).toBeVisible();
  await expect(notes).toHaveCount(0);

  await forms.addLink('image', 'https://example.com/first.png');
  await forms.addFiles('image_tail', [pngFile('last.png')]);
  await expect(forms.field('image_tail').locator('img').first()).toBeVisible();
  await expect(notes).toHaveCount(1);
  await expect(forms.field('image_tail').getByTestId('link-note')).toContainText('takes links, not uploads');

  await forms.addFiles('image', [pngFile('first.png')]);
  await expect(forms.field('image').getByTestId('link-note')).toBeVisible();
  await expect(notes).toHaveCount(1);
  await expect(notes).not.toContainText('data:');
});

test('only the subject card the issue names gets a red border', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.subjectReference');
  await forms.form.getByTestId('add-subject-image').click();
  await forms.form.getByTestId('media-subject-0-file').setInputFiles(pngFile('cat.png', [220, 120, 40]));
  await forms.form.getByTestId('add-subject-image').click();
  await forms.fill('prompt', 'A cat <<<img1>>> and a dog <<<img2>>>');
  await forms.generate.click();
  await expect(forms.issue('subjects')).toContainText('img2');
  const cards = forms.form.getByTestId('subject-card');
  await expect(cards.nth(1)).toHaveAttribute('data-invalid', 'true');
  await expect(cards.nth(0)).not.toHaveAttribute('data-invalid', 'true');
  const border = (i: number) =>
    cards
      .nth(i)
      .locator('.fm-drop')
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopColor);
  const neutral = await page.getByTestId('add-subject-image').evaluate(() => {
    const probe = document.createElement('div');
    probe.style.borderColor = 'var(--border)';
    document.body.append(probe);
    const c = getComputedStyle(probe).borderTopColor;
    probe.remove();
    return c;
  });
  expect(await border(0)).toBe(neutral);
  expect(await border(1)).not.toBe(neutral);
});

test('custom aspect ratios: 2.39:1 is accepted and sent, 999:1 is refused with the bounds', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a widescreen desert road');
  await forms.chooseChip('aspect_ratio', '__custom');
  const custom = forms.form.getByTestId('custom-aspect_ratio');
  await custom.fill('999:1');
  await forms.generate.click();
  await expect(forms.issue('aspect_ratio')).toHaveText('Keep the ratio between 1:8 and 8:1.');
  await custom.fill('2.39:1');
  await expect(forms.issue('aspect_ratio')).toHaveCount(0);
  const before = posts().length;
  await forms.generate.click();
  await expect(forms.notice).toHaveAttribute('data-kind', 'sent');
  const sent = posts().slice(before);
  expect(sent.map((e) => (e.json as { aspect_ratio?: string } | undefined)?.aspect_ratio)).toContain(
    '2.39:1',
  );
});

test('first and last frame sit side by side where the form is wide, stacked where it is not', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await forms.open('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstLastFrame');
  const first = await forms.field('image').boundingBox();
  const last = await forms.field('image_tail').boundingBox();
  if (!first || !last) throw new Error('frames not laid out');
  expect(Math.abs(first.y - last.y)).toBeLessThan(2);
  expect(last.x).toBeGreaterThan(first.x + first.width - 1);
  await page.screenshot({ path: 'test-results/screenshots/minors/frames-side-by-side.png' });

  await page.setViewportSize({ width: 960, height: 640 });
  const narrowFirst = await forms.field('image').boundingBox();
  const narrowLast = await forms.field('image_tail').boundingBox();
  if (!narrowFirst || !narrowLast) throw new Error('frames not laid out');
  // Each keeps at least its minimum width: side by side only when both fit.
  expect(narrowFirst.width).toBeGreaterThanOrEqual(259);
  expect(narrowLast.width).toBeGreaterThanOrEqual(259);
});

test('image edit: the size follows a 3:2 source (1536×1024), and a size the user picked is kept', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await forms.open('imageEdit.edit');
  const checked = forms.field('size').getByRole('radio', { checked: true });
  await expect(checked).toHaveAttribute('data-value', '1024x1024');
  await forms.addFiles('images', [pngFile('photo-3x2.png', [90, 140, 200], 96, 64)]);
  await expect(checked).toHaveAttribute('data-value', '1536x1024');

  // Start again with a size picked first: adding a portrait source does not override it.
  await forms.form.getByTestId('media-tile').first().hover();
  await forms.form.getByTestId('media-tile').first().getByTestId('tile-remove').click();
  await forms.chooseChip('size', 'auto');
  await forms.addFiles('images', [pngFile('portrait.png', [200, 140, 90], 64, 96)]);
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(1);
  await expect(checked).toHaveAttribute('data-value', 'auto');
});
