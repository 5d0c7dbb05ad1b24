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
  const note = tile.getByTestId('download-retry');
  await expect(note).toHaveText(/^retrying in \d+ s \(attempt [2-9]\)$/, {
    timeout: 20_000,
  });
  await g.screenshot('download-retry');
  // A live countdown: the same attempt's wait goes down second by second (a fixed figure would only change
  // when the next attempt starts). The waits double, so one shown as 4 s or more comes within a few attempts.
  // Not 2: the shared clock ticks once a second, so "2 s" can be the whole of a 2 s wait, and the next
  // attempt starts before "1 s" is ever shown (CI saw exactly that). "4 s" leaves at least 2 s, a tick.
  const read = async (): Promise<{ seconds: number; attempt: number } | null> => {
    const m = /^retrying in (\d+) s \(attempt (\d+)\)$/.exec(
      (await note.textContent().catch(() => '')) ?? '',
    );
    return m ? { seconds: Number(m[1]), attempt: Number(m[2]) } : null;
  };
  let first: { seconds: number; attempt: number } | null = null;
  await expect
    .poll(async () => (first = await read())?.seconds ?? 0, { timeout: 30_000, intervals: [100] })
    .toBeGreaterThanOrEqual(4);
  const start = first as { seconds: number; attempt: number } | null;
  if (!start) throw new Error('no retry note');
  await expect
    .poll(
      async () => {
        const now = await read();
        return now !== null && now.attempt === start.attempt && now.seconds < start.seconds;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBe(true);
  sim.setFaults([]);
});
