import { expect, test } from '@playwright/test';
import { startWebApp, type RunningWebApp } from './support/web-app';

let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

test('the shell opens on the demo gateway, navigates, and answers bridge calls', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  // The token is moved out of the address bar once read (when the renderer is first idle).
  await expect.poll(() => page.url()).not.toContain('token=');
  await expect(page.getByTestId('connection-status')).toContainText('Demo gateway');

  await page.getByTestId('op-imageEdit.edit').click();
  await expect(page.getByTestId('operation-panel').getByRole('heading', { level: 1 })).toHaveText('Image edit');

  // A bridge round trip: switching the theme updates preferences in core, and the document follows.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('theme').locator('[data-value="dark"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/screenshots/shell-dark.png' });

  await page.getByTestId('open-settings').click();
  await page.getByTestId('theme').locator('[data-value="light"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/screenshots/shell-light.png' });

  // The preference was stored by core: a reload keeps it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('without the token the bridge socket is refused', async ({ page }) => {
  await page.goto(app.origin + '/');
  await expect(page.getByText('npm run web')).toBeVisible();
  const refused = await page.evaluate(async (origin) => {
    return new Promise<boolean>((resolve) => {
      const ws = new WebSocket(origin.replace('http', 'ws') + '/bridge');
      ws.onopen = () => resolve(false);
      ws.onerror = () => resolve(true);
    });
  }, app.origin);
  expect(refused).toBe(true);
});
