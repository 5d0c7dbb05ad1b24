import { expect, test } from '@playwright/test';
import type { TaskSummary } from '../src/shared/domain/task';
import { FormsPage, pngFile, wavFile } from './pages/forms-page';
import { GalleryPage } from './pages/gallery-page';
import { SettingsPage } from './pages/settings-page';
import { startSimulator } from '../src/sim';
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

type Submit = Parameters<RunningWebApp['core']['handlers']['submitTask']>[0];
/** Submits through core (as another window would) and waits until its results are on disk. */
async function submitAndWait(input: Submit): Promise<TaskSummary> {
  const task = await app.core.handlers.submitTask(input);
  await expect
    .poll(
      () =>
        app.core.store.get(task.id)?.results.every((r) => r.state === 'done') &&
        app.core.store.get(task.id)?.status,
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  const done = app.core.store.get(task.id);
  if (!done) throw new Error('task vanished');
  return done;
}

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

test('"Use as input → Current form" is disabled with the reason when the form has no free place', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  const gallery = new GalleryPage(page);
  const task = await submitAndWait({
    operationId: 'gateway.text2image',
    values: {
      model: '{vendor}_3.0_text2image',
      prompt: 'a paper boat for the current form',
      aspect_ratio: '1:1',
      n: 1,
    },
    extra: {},
  });
  await forms.open('gateway.text2image');
  const openSubmenu = async () => {
    await gallery.menuAction(task.id, 'useAsInput');
    return page.getByTestId('use-in-current-form');
  };
  let item = await openSubmenu();
  await expect(item).toBeDisabled();
  await expect(item.getByTestId('current-form-reason')).toHaveText(
    'Text to image has no free place for this result',
  );
  await page.keyboard.press('Escape');

  await forms.open('imageEdit.edit');
  item = await openSubmenu();
  await expect(item).toBeEnabled();
  await expect(item.getByTestId('current-form-reason')).toHaveCount(0);
  await item.click();
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(1);
});

test("the extension picker offers only this gateway's vendor videos, the ids video-extend accepts", async ({
  page,
}) => {
  const forms = new FormsPage(page);
  const other = await submitAndWait({
    operationId: 'gateway.text2video',
    values: {
      model: '{vendor}_2.6_text2video',
      prompt: 'a gateway-family clip',
      aspect_ratio: '16:9',
      duration: 5,
      mode: 'std',
    },
    extra: {},
  });
  const avatar = await submitAndWait({
    operationId: 'vendor.avatar',
    values: {
      model: 'kling-avatar',
      image: { kind: 'url', url: 'https://example.com/face.png' },
      audio: { kind: 'url', url: 'https://example.com/voice.mp3' },
    },
    extra: {},
  });
  await forms.open('vendor.extend');
  await page.getByTestId('pick-video-task').click();
  const options = page.getByTestId('video-task-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(avatar.remoteId ?? 'no remote id');
  await expect(page.getByText(other.remoteId ?? 'no remote id')).toHaveCount(0);
  await options.first().click();
  await expect(forms.input('video_id')).toHaveValue(avatar.remoteId ?? '');
});

test('a new gateway takes its key in the editor; a refused key is never shown as "Key set ✓"', async ({
  page,
}) => {
  const gateway = await startSimulator({ port: 0, apiKey: 'sk-minor-right-key', speed: 'instant' });
  const settings = new SettingsPage(page);
  try {
    await settings.open('gateways');
    await settings.dialog.getByTestId('profile-add').click();
    const editor = settings.dialog.getByTestId('profile-editor');
    await editor.getByTestId('profile-field-name').fill('Keyed gateway');
    await editor.getByTestId('profile-field-baseUrl').fill(gateway.baseUrl);
    await editor.getByTestId('profile-field-key').fill('sk-minor-wrong-key');
    await page.screenshot({ path: 'test-results/screenshots/minors/new-gateway-key.png' });
    await editor.getByTestId('profile-save').click();
    await expect(editor).toBeHidden();
    const card = settings.profileNamed('Keyed gateway');
    await expect(card.getByTestId('profile-key-state')).toHaveText(/Key set ✓/);
    expect(await page.content()).not.toContain('sk-minor-wrong-key');

    // The gateway refuses it: the key line says so, not "Key set ✓" beside "Key refused".
    await expect(await settings.testConnection(card)).toHaveText(/Key refused \(HTTP 401\)/);
    await expect(card.getByTestId('profile-key-state')).toHaveText(/Key refused by the gateway/);
    await expect(card.getByTestId('profile-key-state')).not.toContainText('✓');
    await page.screenshot({ path: 'test-results/screenshots/minors/key-refused.png' });

    // A new key: the old verdict is gone, and the test passes.
    await card.getByTestId('key-open').click();
    await card.getByTestId('key-input').fill('sk-minor-right-key');
    await card.getByTestId('key-save').click();
    await expect(card.getByTestId('profile-key-state')).toHaveText(/Key set ✓/);
    await expect(card.getByTestId('profile-test-result')).toHaveCount(0);
    await expect(await settings.testConnection(card)).toHaveText(/Connected/);
  } finally {
    const ids = (await app.core.handlers.listProfiles({}))
      .filter((p) => p.name === 'Keyed gateway')
      .map((p) => p.id);
    for (const id of ids) await app.core.handlers.deleteProfile({ id });
    await gateway.close();
  }
});

test('a submission refused with 401 stays in the form and leaves no failed tile', async ({ page }) => {
  const h = app.core.handlers;
  await h.getConnection({});
  const sim = app.simulator();
  if (!sim) throw new Error('the demo simulator is not running');
  await h.saveProfile({
    id: 'refused-minor',
    name: 'Refused',
    baseUrl: sim.baseUrl,
    vendor: 'vendora',
    gatewayAuthHeader: 'Authorization',
    callbacks: { enabled: false, publicUrl: '', localPort: 0 },
  });
  await h.setProfileKey({ id: 'refused-minor', key: 'not-the-demo-key', acceptWeakStorage: false });
  await h.selectProfile({ id: 'refused-minor' });
  try {
    const forms = new FormsPage(page);
    await page.goto(app.url);
    await forms.open('gateway.text2image');
    await forms.fill('prompt', 'an unauthorised origami swan');
    await forms.generate.click();
    await expect(forms.notice).toHaveAttribute('data-kind', 'unauthorized');
    await expect(forms.input('prompt')).toHaveValue('an unauthorised origami swan');
    expect(sim.log.filter((e) => e.method === 'POST').at(-1)?.status).toBe(401);
    const tiles = page.getByTestId('task-tile');
    await expect(tiles.filter({ hasText: 'unauthorised origami' })).toHaveCount(0);
    await expect(page.locator('[data-testid="task-tile"][data-status="failed"]')).toHaveCount(0);
    expect(
      (await h.listTasks({ filter: { sort: 'newest', search: 'unauthorised' }, cursor: null, limit: 5 }))
        .total,
    ).toBe(0);
  } finally {
    await h.selectProfile({ id: 'demo' });
    await h.deleteProfile({ id: 'refused-minor' });
  }
});

test('avatar audio: a player to hear it, and its length checked against 2–60 s before sending', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await forms.open('vendor.avatar');
  await forms.addFiles('image', [pngFile('face.png', [240, 200, 170])]);
  await forms.addFiles('audio', [wavFile('short.wav', 1)]);
  const player = forms.field('audio').getByTestId('audio-player');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(1, 1);
  await expect(forms.issue('audio')).toHaveText('This file is 1.0 s long; it must be 2–60 s.');
  const before = posts().length;
  await forms.generate.click();
  await expect(forms.summary).toContainText('Audio');
  expect(posts().length).toBe(before);
  await page.screenshot({ path: 'test-results/screenshots/minors/avatar-audio-short.png' });

  await forms.addFiles('audio', [wavFile('voice.wav', 3)]);
  await expect(forms.issue('audio')).toHaveCount(0);
  await expect(player).toBeVisible();
  await forms.generate.click();
  await expect(forms.notice).toHaveAttribute('data-kind', 'sent');
});

test('small tiles: the badges, the menu and the failure text never overlap', async ({ page }) => {
  const sim = app.simulator();
  if (!sim) throw new Error('the demo simulator is not running');
  sim.setFaults([{ kind: 'serverError', on: 'submit', times: 2 }]);
  for (const prompt of [
    'a failing lighthouse on a very long winding coastal road at dusk',
    'a second failing tile',
  ])
    await app.core.handlers
      .submitTask({
        operationId: 'gateway.text2image',
        values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
        extra: {},
      })
      .catch(() => undefined);
  sim.setFaults([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await page.locator('.gl-sizes button').first().click();
  const tile = page.locator('[data-testid="task-tile"][data-status="failed"]').first();
  await expect(tile).toBeVisible();
  await tile.hover();
  const box = async (sel: string) => {
    const b = await tile.locator(sel).first().boundingBox();
    if (!b) throw new Error(`${sel} not laid out`);
    return b;
  };
  const tileBox = await tile.boundingBox();
  if (!tileBox) throw new Error('tile not laid out');
  const badges = await box('.gl-tile-badges');
  const menu = await box('.gl-tile-corner');
  const star = await box('.gl-star');
  const status = await box('.gl-live');
  const overlaps = (a: typeof badges, b: typeof badges) =>
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5;
  expect(overlaps(badges, status), 'badges vs failure text').toBe(false);
  expect(overlaps(menu, status), 'menu vs failure text').toBe(false);
  expect(overlaps(star, status), 'star vs failure text').toBe(false);
  // On hover the star and menu take the top right; on a small tile the badges step aside (fade out).
  const badgesShown = () =>
    tile.locator('.gl-tile-badges').evaluate((e) => Number(getComputedStyle(e).opacity) > 0.01);
  await expect
    .poll(async () => overlaps(badges, menu) && (await badgesShown()), { message: 'badges vs menu' })
    .toBe(false);
  expect(status.y).toBeGreaterThanOrEqual(tileBox.y - 0.5);
  expect(status.y + status.height).toBeLessThanOrEqual(tileBox.y + tileBox.height + 0.5);
  await page.screenshot({ path: 'test-results/screenshots/minors/small-failed-tiles.png' });
});

test("the inline mask painter uses the app's controls: no native select, segmented choices, app buttons", async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await forms.open('imageEdit.edit');
  await forms.addFiles('images', [pngFile('sky.png', [90, 140, 200], 256, 160)]);
  await forms.form.getByTestId('paint-mask').click();
  await expect(page.getByTestId('mp-canvas')).toBeVisible();
  const toolbar = page.locator('.mp-toolbar');
  await expect(toolbar.locator('select')).toHaveCount(0);
  const format = toolbar.getByTestId('mp-format');
  await expect(format).toHaveAttribute('role', 'radiogroup');
  await format.locator('[data-value="alpha-edit"]').click();
  await expect(format.locator('[data-value="alpha-edit"]')).toHaveAttribute('aria-checked', 'true');
  await expect(format.locator('[data-value="white-edit"]')).toHaveAttribute('aria-checked', 'false');
  await toolbar.getByTestId('mp-tool-eraser').click();
  await expect(toolbar.getByTestId('mp-tool-eraser')).toHaveAttribute('aria-checked', 'true');
  // Its buttons look like the form's own small buttons (Browse…); its sliders are drawn, not native.
  const look = (el: Element) => {
    const c = getComputedStyle(el);
    return [c.borderRadius, c.fontSize, c.backgroundColor, c.borderTopColor].join(' | ');
  };
  expect(await toolbar.getByTestId('mp-fill').evaluate(look)).toBe(
    await forms.form.getByTestId('media-images-browse').first().evaluate(look),
  );
  expect(await toolbar.getByTestId('mp-hardness').evaluate((el) => getComputedStyle(el).appearance)).toBe(
    'none',
  );
  await toolbar.scrollIntoViewIfNeeded();
  await toolbar.screenshot({ path: 'test-results/screenshots/minors/mask-toolbar.png' });
});
