import { expect, test } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../src/shared/domain/profile';
import { GalleryPage } from './pages/gallery-page';
import { shownTooltip } from './support/focus';
import { pickValue } from './support/select';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §1 in the queue view: "Tasks at once" is the primitives' Select (keyboard, Escape, a listbox),
 * and a prompt cut by the row shows whole in a real tooltip, not a native `title`.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp({ speed: 'real' });
});
test.afterAll(async () => {
  await app.close();
});

const LONG = 'a lighthouse keeper’s cat watching the winter sea from a round window, ink and watercolour, quiet morning light, wide shot';
const submit = (prompt: string) =>
  app.core.handlers.submitTask({ operationId: 'unifiedImage.generate', values: { model: 'gpt-image-1.5', prompt, size: '1024x1024', n: 1, images: [] }, extra: {} });

test('the queue view uses the Select and tooltip primitives: no native select, no title tooltips', async ({ page }) => {
  await app.core.handlers.setQueuePaused({ profileId: null, paused: true });
  await submit(LONG);
  await submit('short');
  const g = new GalleryPage(page);
  await g.open(app.url);
  await page.getByTestId('open-queue').click();
  const panel = page.getByTestId('queue-panel');
  await expect(panel.getByTestId('queue-row')).toHaveCount(2);
  await expect(panel.locator('select')).toHaveCount(0);
  await expect(panel.locator('[title]')).toHaveCount(0);

  // Tasks at once: a Select, labelled, worked from the keyboard.
  const limit = panel.getByTestId('queue-limit');
  await expect(limit).toHaveAccessibleName('Tasks at once');
  await pickValue(page, 'queue-limit', '2');
  await expect.poll(async () => (await app.core.handlers.getQueue({})).profiles.find((p) => p.profileId === DEMO_PROFILE_ID)?.limit).toBe(2);
  await limit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('queue-limit-options')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('queue-limit-options')).toBeHidden();
  await expect(panel).toBeVisible(); // Escape closed the listbox only
  await expect(limit).toBeFocused();

  // The cut prompt shows whole on hover; the short one, which fits, shows no tooltip.
  const long = panel.getByTestId('queue-row').nth(0).locator('.queue-prompt');
  expect(await long.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await long.hover();
  await expect(shownTooltip(page)).toHaveText(LONG);
  await page.mouse.move(5, 5, { steps: 5 });
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await panel.getByTestId('queue-row').nth(1).locator('.queue-prompt').hover();
  await page.waitForTimeout(800);
  await expect(page.getByTestId('tooltip').filter({ hasText: 'short' })).toHaveCount(0);
});
