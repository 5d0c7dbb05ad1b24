import { expect, test } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/** A download the gateway keeps cutting short says on its tile when it will try again, and which attempt. */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

test('a download that keeps being cut short shows "retrying in N s (attempt k)"', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const task = await app.core.handlers.submitTask({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: 'A lighthouse at dusk', aspect_ratio: '1:1', n: 1 },
    extra: {},
  });
  const sim = app.simulator();
  if (!sim) throw new Error('the demo gateway did not start');
  sim.setFaults([{ kind: 'truncate', ranged: true }]);
  const tile = g.tile(task.id);
  await expect(tile.getByTestId('download-retry')).toHaveText(/^retrying in \d+ s \(attempt [2-9]\)$/, {
    timeout: 20_000,
  });
  await g.screenshot('download-retry');
  sim.setFaults([]);
});
