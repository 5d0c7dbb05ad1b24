import { expect, test, type Page } from '@playwright/test';
import { DEMO_PROFILE_ID } from '../src/shared/domain/profile';
import type { TaskSummary } from '../src/shared/domain/task';
import { GalleryPage } from './pages/gallery-page';
import { SettingsPage } from './pages/settings-page';
import { pickValue } from './support/select';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 30 in the real UI (Chromium ⇄ web host ⇄ core ⇄ the demo gateway, which runs 3 tasks at once): the
 * queue view with places, pause and resume, drag to reorder, Alt+↑, cancel one, and the waiting tile's line
 * in English and Simplified Chinese. Tasks are submitted through core (what Generate calls) to keep the
 * spec on the queue; the order the gateway receives is read from the simulator's log.
 */
let app: RunningWebApp;
test.beforeEach(async () => {
  app = await startWebApp({ speed: 'real' });
});
test.afterEach(async () => {
  await app.close();
});

const submit = (prompt: string) =>
  app.core.handlers.submitTask({ operationId: 'unifiedImage.generate', values: { model: 'gpt-image-1.5', prompt, size: '1024x1024', n: 1, images: [] }, extra: {} });
const rows = (page: Page) => page.getByTestId('queue-row');
const prompts = async (page: Page) => (await rows(page).locator('.queue-prompt').allInnerTexts()).map((s) => s.trim());
const received = () =>
  (app.simulator()?.log ?? []).filter((e) => e.method === 'POST' && e.path === '/v1/tasks/generations' && e.status === 200).map((e) => (e.json as { prompt: string }).prompt);

test('queue view: places, drag to reorder, Alt+↑, cancel one, pause and resume', async ({ page }) => {
  await app.core.handlers.setQueueLimit({ profileId: DEMO_PROFILE_ID, limit: 1 });
  await app.core.handlers.setQueuePaused({ profileId: null, paused: true });
  const tasks: TaskSummary[] = [];
  for (const p of ['one', 'two', 'three', 'four']) tasks.push(await submit(p));
  const g = new GalleryPage(page);
  await g.open(app.url);
  await page.getByTestId('open-queue').click();
  const panel = page.getByTestId('queue-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('queue-paused-all')).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).nth(0)).toHaveAttribute('data-position', '1');
  await expect(rows(page).nth(3)).toHaveAttribute('data-position', '4');
  expect(await prompts(page)).toEqual(['one', 'two', 'three', 'four']);
  await expect(rows(page).nth(2).getByTestId('queue-row-wait')).toContainText('Paused · 3rd in line');
  await page.screenshot({ path: 'test-results/screenshots/queue/queue-view-paused.png' });

  // Drag "four" onto the top half of "one": it becomes first.
  await rows(page).nth(3).dragTo(rows(page).nth(0), { targetPosition: { x: 30, y: 4 } });
  await expect.poll(() => prompts(page)).toEqual(['four', 'one', 'two', 'three']);
  // Keyboard: focus "three", Alt+↑ moves it above "two".
  await rows(page).nth(3).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => prompts(page)).toEqual(['four', 'one', 'three', 'two']);
  await expect(page.getByTestId('queue-announce')).toContainText('place 3');
  // Cancel "one": nothing is sent for it.
  await rows(page).nth(1).getByTestId('queue-cancel').click();
  await expect.poll(() => prompts(page)).toEqual(['four', 'three', 'two']);
  await expect.poll(() => app.core.store.get(tasks[0]!.id)?.status).toBe('cancelled');
  await page.screenshot({ path: 'test-results/screenshots/queue/queue-view-reordered.png' });

  // Pause holds until resumed: nothing reached the gateway.
  await page.waitForTimeout(500);
  expect(received()).toEqual([]);
  // Resume with the keyboard (the button is focusable and pressed state is announced).
  const pauseAll = page.getByTestId('queue-pause-all');
  await expect(pauseAll).toHaveAttribute('aria-pressed', 'true');
  await pauseAll.focus();
  await page.keyboard.press('Enter');
  await expect(pauseAll).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('queue-running').locator('.queue-row')).toHaveCount(1);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(1).getByTestId('queue-row-wait')).toContainText(/Waiting for a slot · 2nd in line · starts in/);
  await page.screenshot({ path: 'test-results/screenshots/queue/queue-view-running.png' });

  // Per-profile pause: the next one is not sent while the demo profile is paused.
  await page.getByTestId('queue-pause-profile').click();
  await expect(page.getByTestId('queue-pause-profile')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => app.core.store.get(tasks[3]!.id)?.status, { timeout: 20_000 }).toMatch(/downloading|succeeded/);
  await page.waitForTimeout(800);
  expect(received()).toEqual(['four']);
  await page.getByTestId('queue-pause-profile').click();
  await expect.poll(() => received(), { timeout: 40_000 }).toEqual(['four', 'three', 'two']);
  // Escape closes the panel and gives focus back to its button.
  await panel.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('open-queue')).toBeFocused();
});

test('the waiting tile says where it is in line and when it starts, in English and 简体中文', async ({ page }) => {
  await app.core.handlers.setQueueLimit({ profileId: DEMO_PROFILE_ID, limit: 1 });
  const tasks: TaskSummary[] = [];
  for (const p of ['first', 'second', 'third', 'fourth']) tasks.push(await submit(p));
  const g = new GalleryPage(page);
  await g.open(app.url);
  const last = g.tile(tasks[3]!.id);
  await expect(last.getByTestId('waiting-line')).toHaveText(/^Waiting for a slot · 3rd in line · starts in (~\d+ (s|min)|<1 min)$/);
  await expect(last.getByTestId('live-status')).toHaveAttribute('data-status', 'waiting');
  await last.screenshot({ path: 'test-results/screenshots/queue/waiting-tile-en.png' });
  await page.screenshot({ path: 'test-results/screenshots/queue/gallery-waiting-en.png' });

  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(last.getByTestId('waiting-line')).toHaveText(/^等待空位 · 第 [23] 位 · (约 \d+ (秒|分钟)|不到 1 分钟)后开始$/);
  await last.screenshot({ path: 'test-results/screenshots/queue/waiting-tile-zh-CN.png' });
  await page.getByTestId('open-queue').click();
  await expect(page.getByTestId('queue-panel')).toContainText('等待中');
  await page.screenshot({ path: 'test-results/screenshots/queue/queue-view-zh-CN.png' });
  await app.core.handlers.updatePreferences({ language: 'en' });
});

test('Settings sets a gateway\'s tasks-at-once limit; the queue holds the rest', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const settings = new SettingsPage(page);
  await settings.open('gateways');
  const field = settings.profile(DEMO_PROFILE_ID).getByTestId('settings-queue-limit');
  await expect(field).toHaveAttribute('data-value', '');
  await pickValue(page, 'settings-queue-limit', '2');
  await expect.poll(async () => (await app.core.handlers.getQueue({})).profiles.find((p) => p.profileId === DEMO_PROFILE_ID)?.limit).toBe(2);
  await settings.profile(DEMO_PROFILE_ID).screenshot({ path: 'test-results/screenshots/queue/settings-limit.png' });
  await settings.close();
  const tasks: TaskSummary[] = [];
  for (const p of ['s1', 's2', 's3']) tasks.push(await submit(p));
  await expect(g.tile(tasks[2]!.id).getByTestId('waiting-line')).toContainText('Waiting for a slot · 1st in line');
  await expect.poll(() => received().length, { timeout: 30_000 }).toBe(3);
  expect(app.simulator()?.parallelFigures().refused).toBe(0);
});

test('the queue panel closes on Escape right after it opens, and on a press elsewhere (which keeps that press)', async ({ page }) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const open = page.getByTestId('open-queue');
  const panel = page.getByTestId('queue-panel');
  await open.click();
  await expect(panel).toBeVisible();
  // Focus is still on the button that opened it: Escape closes it from there.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
  // A press on the form's prompt puts it away (it covered the gallery's toolbar until closed by hand), and
  // the press lands there.
  await open.click();
  await expect(panel).toBeVisible();
  const prompt = page.getByTestId('operation-form').locator('textarea').first();
  await prompt.click();
  await expect(panel).toHaveCount(0);
  await expect(prompt).toBeFocused();
});
