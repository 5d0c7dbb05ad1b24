import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { TaskSummary } from '../../src/shared/domain/task';
import type { RunningGalleryApp } from './gallery-app';

type Submit = Parameters<RunningGalleryApp['core']['handlers']['submitTask']>[0];

/** Submits through core (as another window would) and waits until the result is on disk. */
export async function submitAndWait(app: RunningGalleryApp, input: Submit): Promise<TaskSummary> {
  const task = await app.core.handlers.submitTask(input);
  await expect
    .poll(
      () =>
        app.core.store.get(task.id)?.results.every((r) => r.state === 'done') &&
        app.core.store.get(task.id)?.status,
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  const done = app.core.store.get(task.id);
  if (!done) throw new Error('task vanished');
  return done;
}

export const video = (prompt: string): Submit => ({
  operationId: 'gateway.text2video',
  values: { model: '{vendor}_2.6_text2video', prompt, aspect_ratio: '16:9', duration: 5, mode: 'std' },
  extra: {},
});
export const image = (prompt: string): Submit => ({
  operationId: 'gateway.text2image',
  values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
  extra: {},
});

/** One operation's draft as the forms store persisted it. */
export async function draftOf(page: Page, op: string): Promise<Record<string, unknown>> {
  return page.evaluate((o) => {
    const raw = localStorage.getItem('atelier.forms.drafts');
    const parsed = raw
      ? (JSON.parse(raw) as { state: { drafts: Record<string, { values: Record<string, unknown> }> } })
      : null;
    return parsed?.state.drafts[o]?.values ?? {};
  }, op);
}

/** A video frame decoded by ffmpeg (an independent decoder) at `seconds`, as RGBA. */
export function ffmpegFrame(file: string, seconds: number | 'last', outDir: string): PNG {
  const out = join(outDir, `ff-${String(seconds)}.png`);
  const seek = seconds === 'last' ? ['-sseof', '-0.2'] : ['-ss', String(seconds)];
  const args =
    seconds === 'last'
      ? [...seek, '-i', file, '-update', '1', '-y', out]
      : [...seek, '-i', file, '-frames:v', '1', '-y', out];
  execFileSync('ffmpeg', ['-v', 'error', ...args]);
  return PNG.sync.read(readFileSync(out));
}

/** Mean absolute difference per channel (RGB, 0…255) between two images of the same size. */
export function meanDiff(a: PNG, b: PNG): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
  return sum / ((a.data.length / 4) * 3);
}
