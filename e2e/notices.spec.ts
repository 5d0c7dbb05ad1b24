import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Core's notices reach the user: a data folder whose profiles.json is damaged opens with a banner at the top
 * of the window that names the copy core kept aside; the banner can be dismissed and stays dismissed.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp({
    prepare: (dir) => writeFileSync(join(dir, 'profiles.json'), '[{"id":"work","name":"Work",'),
  });
});
test.afterAll(async () => {
  await app.close();
});

const keptCopy = (): string => {
  const copy = readdirSync(app.dataDir).find((f) => f.startsWith('profiles.json.corrupt-'));
  if (!copy) throw new Error('core did not keep the damaged profiles.json aside');
  return copy;
};

test('a damaged profiles.json: the banner names the kept copy, light and dark, and can be dismissed', async ({
  page,
}) => {
  for (const [w, h] of [
    [1280, 800],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(app.url);
    await expect(page.getByTestId('shell')).toBeVisible();
    const notice = page.getByTestId('notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('profiles.json');
    await expect(notice).toContainText(keptCopy());
    for (const theme of ['light', 'dark'] as const) {
      await app.core.handlers.updatePreferences({ theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({
        path: `test-results/screenshots/notices/${w}x${h}-${theme}-corrupt-profiles.png`,
      });
    }
  }

  // A full disk is said in plain words (raised by core's own board, as the write guard does).
  app.core.notices.raise('disk-full', 'disk-full', 'Disk full: free space to continue.');
  await expect(
    page.getByTestId('notice').filter({ hasText: 'Disk full: free space to continue' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/notices/900x700-dark-two-notices.png' });
  app.core.notices.clear('disk-full');
  await expect(page.getByTestId('notice')).toHaveCount(1);

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  expect(await app.core.handlers.listNotices({})).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('shell')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await app.core.handlers.updatePreferences({ theme: 'light' });
});
