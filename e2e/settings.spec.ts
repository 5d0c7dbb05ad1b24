import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../src/sim';
import { SettingsPage } from './pages/settings-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

const KEY = 'sk-e2e-settings-5b1f0c9e7a3d';
let app: RunningWebApp;
let gateway: Simulator;
let scratch: string;

test.beforeAll(async () => {
  app = await startWebApp();
  gateway = await startSimulator({ port: 0, apiKey: KEY, speed: 'instant' });
  scratch = mkdtempSync(join(tmpdir(), 'atelier-settings-e2e-'));
});
test.afterAll(async () => {
  await app.close();
  await gateway.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('gateways: demo first, add, key set (never shown), test, switch, edit, delete', async ({ page }) => {
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await settings.open('gateways');

  // The demo gateway leads the list, is marked and in use.
  const cards = settings.dialog.locator('.profile-card');
  await expect(cards.first()).toHaveAttribute('data-testid', 'profile-demo');
  await expect(settings.profile('demo').getByText('Demo', { exact: true })).toBeVisible();
  await expect(settings.profile('demo').getByTestId('profile-active')).toBeVisible();
  await expect(settings.dialog.getByTestId('key-storage')).toHaveAttribute('data-kind', 'file-0600');
  await expect(settings.dialog.getByTestId('key-storage')).toContainText('0600');

  // The editor validates with the shared schema.
  await settings.dialog.getByTestId('profile-add').click();
  await settings.dialog.getByTestId('profile-field-baseUrl').fill('not a url');
  await settings.dialog.getByTestId('profile-save').click();
  await expect(settings.dialog.getByText('Give this gateway a name.')).toBeVisible();
  await expect(settings.dialog.getByText('Enter a full http:// or https:// address.')).toBeVisible();
  await settings.dialog.getByTestId('profile-editor').getByRole('button', { name: 'Cancel' }).click();

  const card = await settings.addProfile({
    name: 'Studio gateway',
    baseUrl: gateway.baseUrl,
    vendor: 'vendora',
  });
  await expect(card.getByTestId('profile-key-state')).toHaveText(/No key/);
  await expect(await settings.testConnection(card)).toHaveAttribute('data-outcome', 'noKey');

  // A wrong key is refused by the gateway; the right one connects, with a latency.
  await settings.setKey(card, 'sk-wrong-key-000');
  await expect(await settings.testConnection(card)).toHaveText(/Key refused \(HTTP 401\)/);
  await card.getByTestId('key-open').click();
  await expect(card.getByTestId('key-input')).toHaveValue('');
  await card.getByTestId('key-input').fill(KEY);
  await card.getByTestId('key-save').click();
  await expect(card.getByTestId('profile-key-state')).toHaveText(/Key set ✓/);
  await expect(await settings.testConnection(card)).toHaveText(/Connected · \d+ ms/);
  // The key is nowhere in the page, nor in any input.
  expect(await page.content()).not.toContain(KEY);

  // Switch to it: the top bar follows.
  await card.getByTestId('profile-use').click();
  await expect(card.getByTestId('profile-active')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Studio gateway');
  await page.screenshot({ path: 'test-results/screenshots/settings/gateways.png' });

  // Edit: rename, custom auth header for the task gateway.
  await card.getByTestId('profile-edit').click();
  const editor = settings.dialog.getByTestId('profile-editor');
  await editor.getByTestId('profile-field-name').fill('Studio gateway (EU)');
  await editor.getByTestId('profile-auth-custom').check();
  await editor.getByTestId('profile-field-header').fill('X-Gw-Key');
  // A key belongs to one address and header: the editor says the saved key goes, and takes it again.
  await expect(editor.getByTestId('profile-key-clears')).toBeVisible();
  await editor.getByTestId('profile-field-key').fill(KEY);
  await editor.getByTestId('profile-callbacks').check();
  await expect(editor.getByText('Polling always stays on')).toBeVisible();
  await editor.getByTestId('profile-callbacks').uncheck();
  // A key belongs to its origin and header: changing the header says the key will be cleared, unless it is
  // entered again in the same save.
  await expect(editor.getByTestId('profile-key-clears')).toBeVisible();
  await editor.getByTestId('profile-field-key').fill(KEY);
  await page.screenshot({ path: 'test-results/screenshots/settings/gateway-editor.png' });
  await editor.getByTestId('profile-save').click();
  const renamed = settings.profileNamed('Studio gateway (EU)');
  await expect(renamed).toBeVisible();
  await expect(renamed.getByTestId('profile-key-state')).toHaveText(/Key set ✓/);
  expect(await page.content()).not.toContain(KEY);

  // Clear the key, then delete with a confirmation; the demo gateway takes over.
  await renamed.getByTestId('key-clear').click();
  await expect(renamed.getByTestId('profile-key-state')).toHaveText(/No key/);
  await expect(page.getByTestId('connection-status')).toContainText('No API key');
  await renamed.getByTestId('profile-delete').click();
  await expect(renamed.getByTestId('profile-delete-confirm')).toContainText('Delete “Studio gateway (EU)”');
  await renamed.getByTestId('profile-delete-yes').click();
  await expect(renamed).toBeHidden();
  await expect(settings.profile('demo').getByTestId('profile-active')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Demo gateway');
});

test('an unreachable gateway says so', async ({ page }) => {
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await settings.open('gateways');
  const card = await settings.addProfile({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9' });
  await settings.setKey(card, 'sk-anything-1234');
  await expect(await settings.testConnection(card)).toHaveAttribute('data-outcome', 'unreachable');
  await expect(card.getByTestId('profile-test-result')).toHaveText(/Unreachable/);
  await card.getByTestId('profile-delete').click();
  await card.getByTestId('profile-delete-yes').click();
  await expect(card).toBeHidden();
});

test('library folder is checked, the file-name pattern previews live, caps and notifications persist', async ({
  page,
}) => {
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await settings.open('library');
  const folder = settings.dialog.getByTestId('library-dir');

  await folder.fill('relative/folder');
  await settings.dialog.getByTestId('library-apply').click();
  await expect(settings.dialog.getByTestId('library-error')).toHaveText(
    'Enter a full folder path (starting at the drive or root).',
  );
  writeFileSync(join(scratch, 'a-file'), 'x');
  await folder.fill(join(scratch, 'a-file'));
  await settings.dialog.getByTestId('library-apply').click();
  await expect(settings.dialog.getByTestId('library-error')).toHaveText('That path is a file, not a folder.');
  const good = join(scratch, 'My Library');
  await folder.fill(good);
  await settings.dialog.getByTestId('library-apply').click();
  await expect(settings.dialog.getByTestId('library-error')).toHaveText(
    'That folder does not exist. Create it first.',
  );
  mkdirSync(good);
  await settings.dialog.getByTestId('library-apply').click();
  await expect(settings.dialog.getByTestId('library-error')).toBeHidden();
  await expect(settings.dialog.getByTestId('library-default')).toBeVisible();

  const pattern = settings.dialog.getByTestId('file-name-pattern');
  const example = settings.dialog.getByTestId('file-name-example');
  await pattern.fill('{model}_{index}');
  await expect(example).toHaveText('kling-v2-master_1.mp4');
  await pattern.press('End');
  await settings.dialog.getByRole('button', { name: /\{task\}/ }).click();
  await expect(pattern).toHaveValue('{model}_{index}{task}');
  await expect(example).toHaveText('kling-v2-master_13f9c2a1b.mp4');
  await pattern.fill('{date}_{prompt}_{index}');
  await pattern.press('Enter');
  await expect(example).toHaveText(/^\d{4}-\d{2}-\d{2}_A-red-fox-running-through-fresh-snow[^ ]*_1\.mp4$/);

  await settings.dialog.getByTestId('cap-maxRequestsInFlight').fill('9');
  await settings.dialog.getByTestId('cap-maxConcurrentSubmissions').fill('2');
  await settings.dialog.getByTestId('cap-maxConcurrentSubmissions').blur();
  await page.screenshot({ path: 'test-results/screenshots/settings/library.png' });
  await settings.open('general');
  await settings.dialog.getByTestId('notifications').check();
  await page.screenshot({ path: 'test-results/screenshots/settings/general.png' });
  await settings.open('about');
  await expect(settings.dialog.getByTestId('settings-about')).toContainText(good);
  await page.screenshot({ path: 'test-results/screenshots/settings/about.png' });

  // Stored by core: a reload keeps everything.
  await page.reload();
  await settings.open('library');
  await expect(settings.dialog.getByTestId('library-dir')).toHaveValue(good);
  await expect(settings.dialog.getByTestId('file-name-pattern')).toHaveValue('{date}_{prompt}_{index}');
  await expect(settings.dialog.getByTestId('cap-maxRequestsInFlight')).toHaveValue('9');
  await expect(settings.dialog.getByTestId('cap-maxConcurrentSubmissions')).toHaveValue('2');
  await settings.open('general');
  await expect(settings.dialog.getByTestId('notifications')).toBeChecked();
  await settings.dialog.getByTestId('notifications').uncheck();
  await settings.open('library');
  await settings.dialog.getByTestId('library-default').click();
  await expect(settings.dialog.getByTestId('library-dir')).toHaveValue('');
});

test('a concurrency cap out of its bounds is said at the field, and the saved cap stays', async ({ page }) => {
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await settings.open('library');
  const cap = settings.dialog.getByTestId('cap-maxRequestsInFlight');
  const saved = await cap.inputValue();
  await cap.fill('99');
  await cap.blur();
  await expect(settings.dialog.getByTestId('cap-maxRequestsInFlight-error')).toHaveText(`Enter a whole number from 1 to 32; it stays ${saved}.`);
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  expect((await app.core.handlers.getPreferences({})).maxRequestsInFlight).toBe(Number(saved));
  // A value in bounds clears the message and is saved.
  await cap.fill('7');
  await cap.blur();
  await expect(settings.dialog.getByTestId('cap-maxRequestsInFlight-error')).toHaveCount(0);
  await expect.poll(async () => (await app.core.handlers.getPreferences({})).maxRequestsInFlight).toBe(7);
});

test('a file-name pattern with a token core does not know is refused at the field, and the saved one stays', async ({ page }) => {
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await settings.open('library');
  const pattern = settings.dialog.getByTestId('file-name-pattern');
  const saved = (await app.core.handlers.getPreferences({})).fileNamePattern;
  await pattern.fill('{data}_{index}');
  await pattern.press('Enter');
  await expect(settings.dialog.getByTestId('file-name-pattern-error')).toHaveText('{data} is not a token: use one of those below. The saved pattern stays.');
  await expect(pattern).toHaveAttribute('aria-invalid', 'true');
  expect((await app.core.handlers.getPreferences({})).fileNamePattern).toBe(saved);
  await pattern.fill('{date}_{index}');
  await pattern.press('Enter');
  await expect(settings.dialog.getByTestId('file-name-pattern-error')).toHaveCount(0);
  await expect.poll(async () => (await app.core.handlers.getPreferences({})).fileNamePattern).toBe('{date}_{index}');
});
