import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
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

test('crop-to-ratio on a first frame stages a new input of the cropped size, and that is what is sent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const forms = new FormsPage(page);
  await page.goto(app.url);
  await forms.setTheme('dark');
  await forms.openFresh('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstFrame');
  await forms.fill('prompt', 'the lantern drifts up');
  await forms.addFiles('image', [twoTonePng('first.png', 400, 400, [40, 90, 200], [230, 160, 40])]);

  // The size is 1280x720 (16:9); the square frame gets the offer.
  const offer = forms.form.getByTestId('crop-image');
  await expect(offer).toContainText('1280×720');
  await offer.click();
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('crop-size')).toContainText('400×225');
  const frame = page.getByTestId('crop-frame');
  const before = await frame.boundingBox();
  if (!before) throw new Error('no crop frame');
  expect(before.width / before.height).toBeCloseTo(16 / 9, 1);
  // Drag the frame down: it follows the pointer live, and stays inside the image.
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2 + 80, { steps: 6 });
  await page.mouse.up();
  const after = await frame.boundingBox();
  expect((after?.y ?? 0) - before.y).toBeGreaterThan(40);
  await page.screenshot({ path: `${SHOTS}/crop-dark.png` });
  await page.getByTestId('crop-apply').click();
  await expect(dialog).toBeHidden();

  // The staged input is the crop: its name says so and the offer is gone (it fits now).
  await expect(forms.field('image')).toContainText('first-400x225.png');
  await expect(offer).toBeHidden();

  const id = await forms.submitAndExpectSuccess();
  const detail = await app.core.handlers.getTask({ id });
  const input = (detail.values.image as { input: { id: string; name: string } }).input;
  expect(input.name).toBe('first-400x225.png');
  const body = posts('/v1/video/generations').at(-1)?.json as { image?: string };
  const sent = PNG.sync.read(
    Buffer.from((body.image ?? '').replace(/^data:image\/png;base64,/, ''), 'base64'),
  );
  expect([sent.width, sent.height]).toEqual([400, 225]);
});
