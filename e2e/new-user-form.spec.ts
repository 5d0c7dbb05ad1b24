import { expect, test, type Page } from '@playwright/test';
import { OPERATIONS } from '../src/shared/operations/catalog';
import { FormsPage, pngFile } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/** Issue 15, the form side of "what a new user trips over": each test fails on the code before the fix. */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const posts = (): number => (app.simulator()?.log ?? []).filter((e) => e.method === 'POST').length;
const tasksMatching = async (word: string): Promise<number> =>
  (await app.core.handlers.listTasks({ filter: { sort: 'newest', search: word }, cursor: null, limit: 10 }))
    .total;

test('a double-click on Generate makes one task, not two', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a doubleclicked origami crane');
  const before = posts();
  await forms.generate.dblclick();
  await expect(forms.notice).toHaveAttribute('data-kind', 'sent');
  const id = await forms.notice.getAttribute('data-task-id');
  const tile = page.locator(`[data-testid="task-tile"][data-task-id="${id}"]`);
  await expect(tile).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  expect(await tasksMatching('doubleclicked')).toBe(1);
  expect(posts() - before).toBe(1);
  // A deliberate second press after the first was answered is a new intent: a second task.
  await forms.generate.click();
  await expect.poll(() => tasksMatching('doubleclicked')).toBe(2);
});

test('a whitespace-only prompt is empty: Required at the field, nothing sent', async ({ page }) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  for (const op of ['gateway.text2video', 'videos.create'] as const) {
    await forms.open(op);
    await forms.fill('prompt', '   \n\t  ');
    const before = posts();
    await forms.generate.click();
    await expect(forms.issue('prompt')).toContainText('Required');
    await expect(forms.summary).toContainText('1 thing to fix');
    await expect(forms.notice).toHaveCount(0);
    expect(posts()).toBe(before);
  }
});

test('the pill shows the gateway health: "Key refused" after a 401, not a green "Connected"', async ({
  page,
}) => {
  const h = app.core.handlers;
  await h.getConnection({});
  const sim = app.simulator();
  if (!sim) throw new Error('the demo simulator is not running');
  const pill = page.getByTestId('connection-status');
  const forms = new FormsPage(page);
  await page.goto(app.url);
  // The demo gateway answered a submission: connected, green.
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a healthy teapot');
  await forms.generate.click();
  await expect(pill).toHaveAttribute('data-state', 'connected');
  await expect(pill).toContainText('Connected');
  await expect(pill.locator('.dot')).toHaveClass(/ok/);

  await h.saveProfile({
    id: 'refused',
    name: 'Refused key',
    baseUrl: sim.baseUrl,
    vendor: 'vendora',
    gatewayAuthHeader: 'Authorization',
    callbacks: { enabled: false, publicUrl: '', localPort: 0 },
  });
  await h.setProfileKey({ id: 'refused', key: 'definitely-not-the-key', acceptWeakStorage: false });
  await h.selectProfile({ id: 'refused' });
  try {
    await expect(pill).toContainText('Refused key');
    await forms.open('videos.create');
    await forms.fill('prompt', 'a kite over the dunes');
    await forms.generate.click();
    await expect(forms.notice).toHaveAttribute('data-kind', 'unauthorized');
    await expect(pill).toHaveAttribute('data-state', 'keyRefused');
    await expect(pill).toContainText('Key refused');
    await expect(pill.locator('.dot')).toHaveClass(/danger/);
    await page.screenshot({ path: 'test-results/screenshots/new-user/pill-key-refused.png' });
  } finally {
    await h.selectProfile({ id: 'demo' });
    await h.deleteProfile({ id: 'refused' });
  }
});

async function fitsHorizontally(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the window scrolls sideways').toBeLessThanOrEqual(0);
}

for (const [width, height] of [
  [960, 640],
  [1024, 700],
  [1440, 900],
] as const) {
  test(`at ${width}×${height} the footer keeps Generate and the model whole, in every operation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const forms = new FormsPage(page);
    await page.goto(app.url);
    await fitsHorizontally(page);
    // Every corner of the top bar is on screen (settings was cut off at 960).
    await expect(page.getByTestId('open-settings')).toBeInViewport({ ratio: 1 });
    for (const op of OPERATIONS) {
      await forms.open(op.id);
      await forms.generate.click(); // blocked: the summary says what to fix
      const footer = await page.getByTestId('form-footer').boundingBox();
      const generate = await forms.generate.boundingBox();
      if (!footer || !generate) throw new Error('no footer');
      expect(generate.x, op.id).toBeGreaterThanOrEqual(footer.x);
      expect(generate.x + generate.width, op.id).toBeLessThanOrEqual(footer.x + footer.width);
      await expect(forms.generate, op.id).toBeInViewport({ ratio: 1 });
      const chip = forms.form.getByTestId('model-chip');
      if (await chip.count()) {
        const name = chip.locator('.fm-model-name');
        const cut = await name.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(cut, `${op.id}: the model name is cut`).toBeLessThanOrEqual(0);
        await expect(chip, op.id).toBeInViewport({ ratio: 1 });
        // Generate beside the chip, or under it across the footer: never a lone button under a lone chip.
        const box = await chip.boundingBox();
        if (!box) throw new Error('no chip');
        const oneRow = box.y < generate.y + generate.height && generate.y < box.y + box.height;
        if (!oneRow) expect(generate.width, `${op.id}: Generate wrapped and left its row half empty`).toBeGreaterThan(0.9 * footer.width);
      }
      // "N things to fix: …" names the first thing, readable, not "S…".
      const link = forms.summary.locator('.fm-summary-link');
      if (await link.count()) {
        const cut = await link.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(cut, `${op.id}: the first thing to fix is cut`).toBeLessThanOrEqual(0);
      }
      await fitsHorizontally(page);
    }
  });
}

test('offline, Generate says "Not connected" at once and keeps the draft', async ({ page }) => {
  const own = await startWebApp();
  try {
    const forms = new FormsPage(page);
    await page.goto(own.url);
    await forms.open('gateway.text2image');
    await forms.fill('prompt', 'a lantern that never got sent');
    await expect(page.getByTestId('connection-status')).not.toHaveAttribute('data-state', 'offline');
    await own.close();
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'offline');
    // The old tab says what to do (open the new link) instead of a silent "Offline".
    await expect(page.getByTestId('connection-lost')).toContainText('open the new link');
    await forms.generate.click();
    await expect(forms.notice).toHaveAttribute('data-kind', 'offline');
    await expect(forms.notice).toContainText('Not connected');
    await expect(forms.input('prompt')).toHaveValue('a lantern that never got sent');
    await expect(forms.generate.locator('.fm-spin')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/new-user/offline.png' });
  } finally {
    await own.close().catch(() => undefined);
  }
});

test('minor: the edit instruction has its own placeholder, Browse is off at 16 of 16, no repeated sidebar subtitles', async ({
  page,
}) => {
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await expect(page.getByTestId('op-videos.create')).not.toContainText('Video create Video create');
  await expect(page.getByTestId('op-videos.create').locator('.sidebar-family')).toHaveCount(0);
  await forms.open('imageEdit.edit');
  await expect(forms.input('prompt')).toHaveAttribute('placeholder', /what to change/);
  const browse = forms.form.getByTestId('media-images-browse');
  await expect(browse).toBeEnabled();
  await forms.addFiles(
    'images',
    Array.from({ length: 16 }, (_, i) => pngFile(`p${i}.png`, [i * 15, 90, 200])),
  );
  await expect(forms.form.getByTestId('count-images')).toContainText('16');
  await expect(browse).toBeDisabled();
  // A disabled button shows no tooltip: the reason is said beside it.
  await expect(forms.form.getByTestId('media-images-full')).toHaveText(/remove one/);
});
