import { expect, test, type Locator } from '@playwright/test';
import type { SimRequestLogEntry } from '../src/sim';
import { FormsPage } from './pages/forms-page';
import { twoTonePng } from './support/canvas-fixtures';
import { startWebApp, type RunningWebApp } from './support/web-app';

let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const SHOTS = 'test-results/screenshots/canvas';
const posts = (path: string): SimRequestLogEntry[] =>
  (app.simulator()?.log ?? []).filter((e) => e.method === 'POST' && e.path === path);

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

test('expansion: the source placed off-centre inside the chosen ratio, hatched around, and the request carries the ratio and the placement', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.setTheme('dark');
  await forms.openFresh('vendor.expand', { field: 'image', files: [twoTonePng('square.png', 300, 300, [40, 90, 200], [230, 160, 40])] });
  await forms.fill('prompt', 'more beach on both sides');
  await forms.chooseChip('aspect_ratio', '16:9');

  const frame = page.getByTestId('expand-frame');
  const source = page.getByTestId('expand-source');
  await expect(frame).toBeVisible();
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // The form says what is sent: the ratio and the four expansion ratios of the placement.
  await expect(page.getByTestId('expand-sent')).toContainText('Sent beside the ratio 16:9: expand up 0, down 0, left 0.39, right 0.39');
  let f = await box(frame);
  expect(f.width / f.height).toBeCloseTo(16 / 9, 1);
  let s = await box(source);
  // A square source fits the frame's height, centred.
  expect(Math.abs(s.height - f.height)).toBeLessThan(2);
  expect(Math.abs(s.x - f.x - (f.x + f.width - (s.x + s.width)))).toBeLessThan(2);

  // Drag it right: off-centre, still inside the frame.
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2 + 60, s.y + s.height / 2, { steps: 6 });
  await page.mouse.up();
  s = await box(source);
  expect(s.x - f.x).toBeGreaterThan(f.x + f.width - (s.x + s.width) + 20);
  await page.screenshot({ path: `${SHOTS}/expand-dragged-dark.png` });

  // Scale it down and anchor it top left, in 9:16 now.
  await page.getByTestId('expand-scale').focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('expand-scale')).toHaveAttribute('aria-valuenow', '60');
  await page.getByTestId('expand-anchor-top-left').click();
  await forms.chooseChip('aspect_ratio', '9:16');
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  f = await box(frame);
  s = await box(source);
  expect(f.width / f.height).toBeCloseTo(9 / 16, 1);
  // Within 2 px: percentage layout rounds to device pixels.
  expect(Math.abs(s.x - f.x)).toBeLessThan(2);
  expect(Math.abs(s.y - f.y)).toBeLessThan(2);
  expect(Math.abs(s.width - f.width * 0.6)).toBeLessThan(2);
  await expect(page.getByTestId('expand-preview')).toContainText('% to generate');
  await page.screenshot({ path: `${SHOTS}/expand-9x16-dark.png` });
  await forms.setTheme('light');
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/expand-9x16-light.png` });

  // At 60 % in 9:16 the picture would be 4.9× the source: refused at the form, nothing sent.
  await expect(page.getByTestId('expand-sent')).toContainText('expand up 0, down 1.96, left 0, right 0.67');
  const sentBefore = posts('/vendora/v1/images/editing/expand').length;
  await forms.generate.click();
  await expect(forms.issue('up_expansion_ratio')).toContainText('3×');
  expect(posts('/vendora/v1/images/editing/expand').length).toBe(sentBefore);
  // Full size, top left: the frame reaches 0.78 of the source's height below it.
  await page.getByTestId('expand-scale').focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('expand-sent')).toContainText('expand up 0, down 0.78, left 0, right 0');

  const id = await forms.submitAndExpectSuccess();
  const body = posts('/vendora/v1/images/editing/expand').at(-1)?.json as Record<string, unknown>;
  expect(body.aspect_ratio).toBe('9:16');
  // Checked at the simulator: the placement travels as Kling's four expansion ratios, beside the ratio.
  expect(body).toMatchObject({ up_expansion_ratio: 0, down_expansion_ratio: 0.78, left_expansion_ratio: 0, right_expansion_ratio: 0 });
  expect(Object.keys(body).sort()).toEqual(['aspect_ratio', 'down_expansion_ratio', 'image', 'left_expansion_ratio', 'model', 'prompt', 'right_expansion_ratio', 'up_expansion_ratio']);

  // The result over the source: the lightbox's before/after on the expansion.
  await page.getByTestId('gallery').locator(`[data-testid="task-tile"][data-task-id="${id}"]`).click();
  // The lightbox shows a portrait (9:16) result whole at fit, not cropped by its box.
  const imageBox = await page.getByTestId('lightbox-image-box').boundingBox();
  const shown = await page.getByTestId('lightbox-image').boundingBox();
  if (!imageBox || !shown) throw new Error('the lightbox image is not laid out');
  expect(shown.height).toBeLessThanOrEqual(imageBox.height + 1);
  expect(shown.y).toBeGreaterThanOrEqual(imageBox.y - 1);
  await page.getByTestId('lightbox-compare').click();
  await expect(page.getByTestId('lightbox-wipe')).toBeVisible();
  // The source is placed inside the result's frame (a composite of the result's size) for the seam check.
  await expect(page.getByTestId('wipe-before')).toHaveAttribute('src', /^blob:/);
  // Polled: the composite's blob may still be decoding when its src is set.
  await expect
    .poll(() =>
      page
        .getByTestId('wipe-before')
        .evaluate((img: HTMLImageElement) => (img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0)),
    )
    .toBeCloseTo(9 / 16, 1);
  // At fit, a tall (9:16) result lies wholly inside the stage, and the placed source covers exactly the same box,
  // so the seam lines up (once, both were laid out by width alone and overflowed the stage).
  const stage = await page.getByTestId('wipe-stage').boundingBox();
  const before = await page.getByTestId('wipe-before').boundingBox();
  const after = await page.getByTestId('wipe-after').boundingBox();
  if (!stage || !before || !after) throw new Error('the wipe is not laid out');
  expect(after.height).toBeLessThanOrEqual(stage.height + 1);
  expect(after.width).toBeLessThanOrEqual(stage.width + 1);
  expect(after.y).toBeGreaterThanOrEqual(stage.y - 1);
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(before[k] - after[k])).toBeLessThan(2);
  await page.screenshot({ path: `${SHOTS}/expand-result-wipe.png` });
});

test('expansion: a hand-typed Expand value is what the note shows and what is sent, and "Reuse settings" brings it back; a new ratio derives the four again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('vendor.expand', { field: 'image', files: [twoTonePng('square-512.png', 512, 512, [40, 90, 200], [230, 160, 40])] });
  await forms.chooseChip('aspect_ratio', '16:9');
  const note = page.getByTestId('expand-sent');
  const expandBox = (side: string) => forms.form.locator(`#fm-vendor-expand-${side}_expansion_ratio`);
  await expect(note).toContainText('expand up 0, down 0, left 0.39, right 0.39');

  // Typed by hand: the note says what the request will carry.
  await expandBox('up').fill('0.2');
  await page.keyboard.press('Tab');
  await expect(note).toContainText('expand up 0.2, down 0, left 0.39, right 0.39');
  await expect(expandBox('up')).toHaveValue('0.2');
  const id = await forms.submitAndExpectSuccess();
  const body = posts('/vendora/v1/images/editing/expand').at(-1)?.json as Record<string, unknown>;
  expect(body).toMatchObject({ aspect_ratio: '16:9', up_expansion_ratio: 0.2, down_expansion_ratio: 0, left_expansion_ratio: 0.39, right_expansion_ratio: 0.39 });

  // Reuse settings, from another form: the sent values come back (the preview, mounted afresh, does not write
  // its own over them).
  await expandBox('up').fill('0.1');
  await forms.open('gateway.text2image');
  await page.getByTestId('gallery').locator(`[data-testid="task-tile"][data-task-id="${id}"]`).click();
  await page.getByTestId('lightbox-reuse').click();
  await expect(page.getByTestId('lightbox')).toBeHidden();
  await expect(forms.form).toHaveAttribute('data-op', 'vendor.expand');
  await expect(page.getByTestId('expand-frame')).toBeVisible();
  await expect(expandBox('up')).toHaveValue('0.2');
  await expect(note).toContainText('expand up 0.2, down 0, left 0.39, right 0.39');
  // Still so once the preview has settled (the image's size is read asynchronously).
  await page.waitForTimeout(500);
  await expect(expandBox('up')).toHaveValue('0.2');

  // The preview shows what they say: the source at the bottom, at 1 / 1.2 of the frame's height.
  await expect(page.getByTestId('expand-source')).toHaveAttribute('data-placement', '0.500,1.000,0.833');

  // A new ratio is a new placement: the four are derived again, from the placement the preview shows.
  await forms.chooseChip('aspect_ratio', '9:16');
  await expect(note).toContainText('expand up 1.13, down 0, left 0.1, right 0.1');
  await expect(expandBox('up')).toHaveValue('1.13');
  await expect(expandBox('left')).toHaveValue('0.1');
});

test('expansion: "Reuse settings" moves the preview to the placement the reused task was sent with', async ({ page }) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.openFresh('vendor.expand', { field: 'image', files: [twoTonePng('square-reuse.png', 300, 300, [40, 90, 200], [230, 160, 40])] });
  await forms.fill('prompt', 'more sky and sea to the right');
  await forms.chooseChip('aspect_ratio', '16:9');
  const frame = page.getByTestId('expand-frame');
  const source = page.getByTestId('expand-source');
  const note = page.getByTestId('expand-sent');
  const scale = page.getByTestId('expand-scale');
  // Sent at 80 %, top left.
  await scale.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
  await expect(scale).toHaveAttribute('aria-valuenow', '80');
  await page.getByTestId('expand-anchor-top-left').click();
  await expect(note).toContainText('expand up 0, down 0.25, left 0, right 1.22');
  const id = await forms.submitAndExpectSuccess();

  // Placed elsewhere since: full size, centred.
  await scale.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await page.getByTestId('expand-anchor-middle-centre').click();
  await expect(note).toContainText('expand up 0, down 0, left 0.39, right 0.39');

  // Reuse settings: the note and the drawn source both say top left at 80 % again, without touching a field.
  await page.getByTestId('gallery').locator(`[data-testid="task-tile"][data-task-id="${id}"]`).click();
  await page.getByTestId('lightbox-reuse').click();
  await expect(page.getByTestId('lightbox')).toBeHidden();
  await expect(note).toContainText('expand up 0, down 0.25, left 0, right 1.22');
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(scale).toHaveAttribute('aria-valuenow', '80');
  await expect(page.getByTestId('expand-anchor-top-left')).toHaveAttribute('aria-checked', 'true');
  const f = await box(frame);
  const s = await box(source);
  expect(Math.abs(s.x - f.x)).toBeLessThan(2);
  expect(Math.abs(s.y - f.y)).toBeLessThan(2);
  expect(Math.abs(s.height - f.height * 0.8)).toBeLessThan(2);
  expect(Math.abs(s.width - s.height)).toBeLessThan(2);
});
