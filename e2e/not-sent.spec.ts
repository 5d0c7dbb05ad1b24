import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page';
import { startWebApp, type RunningWebApp } from './support/web-app';
import { TaskStore } from '../src/core/db/task-store';
import { newTaskRecord, withEvent } from '../src/core/engine/record-factory';
import { LOG } from '../src/core/engine/lifecycle/texts';
import { getOperation } from '../src/shared/operations/catalog';
import { DEMO_PROFILE_ID } from '../src/shared/domain/profile';

/**
 * After a crash: a task that was still waiting in the local queue reads as a "Not sent" draft with a Send
 * button, and one click sends it to the (demo) gateway; a task that was on the wire stays "Unknown" with
 * "check before resubmitting". The rows are exactly what a process killed at that moment leaves behind.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp({
    prepare: (dir) => {
      const store = TaskStore.open(join(dir, 'atelier.db'));
      const now = Date.now();
      const row = (id: string, prompt: string, at: number) =>
        newTaskRecord({
          id,
          op: getOperation('unifiedImage.generate'),
          values: { model: 'gpt-image-1.5', prompt, size: '1024x1024', n: 1, images: [] },
          extra: {},
          profileId: DEMO_PROFILE_ID,
          demo: true,
          now: at,
          // The demo gateway's address of the previous run; demo tasks follow the current one.
          baseUrl: 'http://127.0.0.1:9',
          vendor: 'vendora',
          submitPath: '/v1/tasks/generations',
          callbackToken: null,
          expectedMs: null,
        });
      const waiting = row('never-sent', 'a harbour at dawn, never sent', now);
      waiting.events = withEvent(waiting, LOG.waiting, now);
      const inFlight = row('in-flight', 'a request on the wire', now - 1000);
      inFlight.events = withEvent({ ...inFlight, events: withEvent(inFlight, LOG.waiting, now) }, LOG.sending, now);
      // State, not log text, says the request went out (issue 27): the row a kill on the wire leaves.
      inFlight.internal = { ...inFlight.internal, sendPhase: 'wire' };
      store.insert(waiting);
      store.insert(inFlight);
      store.close();
    },
  });
});
test.afterAll(async () => {
  await app.close();
});

test('a never-sent task is a "Not sent" draft sent with one click; one in flight stays unknown', async ({
  page,
}) => {
  const g = new GalleryPage(page);
  await g.open(app.url);
  const draft = g.tile('never-sent');
  const unknown = g.tile('in-flight');
  await expect(draft.getByTestId('live-status')).toContainText('Not sent');
  await expect(draft).toContainText('the gateway never saw it');
  await expect(draft).not.toContainText('may have accepted');
  await expect(unknown.getByTestId('live-status')).toContainText('Unknown');
  await expect(unknown).toContainText('check before resubmitting');
  await expect(unknown.getByTestId('send-now')).toHaveCount(0);

  for (const [w, h] of [
    [1280, 800],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark'] as const) {
      await app.core.handlers.updatePreferences({ theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await g.screenshot(`not-sent-${w}x${h}-${theme}`);
    }
  }
  // The lightbox says the same, with the same one-click Send.
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.core.handlers.updatePreferences({ theme: 'light' });
  await draft.click({ position: { x: 120, y: 20 } });
  await expect(g.lightbox).toBeVisible();
  await expect(g.lightbox).toContainText('Not sent');
  await expect(g.lightbox).toContainText('the gateway never saw it');
  await expect(page.getByTestId('lightbox-details').getByTestId('send-now')).toBeVisible();
  await g.screenshot('not-sent-lightbox-1280x800-light');
  await app.core.handlers.updatePreferences({ theme: 'dark' });
  await g.screenshot('not-sent-lightbox-1280x800-dark');
  await page.keyboard.press('Escape');
  await expect(g.lightbox).toHaveCount(0);

  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(draft.getByTestId('send-now')).toContainText('发送');
  await expect(draft).toContainText('网关从未收到此任务');
  await expect(unknown).toContainText('重新提交前请先查询');
  await g.screenshot('not-sent-900x700-dark-zh');
  await app.core.handlers.updatePreferences({ language: 'en', theme: 'light' });

  // One click: exactly one submission reaches the gateway, and the draft finishes with its image.
  await draft.getByTestId('send-now').click();
  await expect(draft.getByTestId('live-status')).toHaveCount(0, { timeout: 20_000 });
  expect(app.core.store.get('never-sent')?.status).toBe('succeeded');
  const posts = (app.simulator()?.log ?? []).filter(
    (e) => e.method === 'POST' && JSON.stringify(e.json ?? '').includes('never sent'),
  );
  expect(posts).toHaveLength(1);
  // The one that may be at the gateway was never sent again.
  expect((app.simulator()?.log ?? []).some((e) => JSON.stringify(e.json ?? '').includes('on the wire'))).toBe(
    false,
  );
  await expect(unknown.getByTestId('live-status')).toContainText('Unknown');
});
