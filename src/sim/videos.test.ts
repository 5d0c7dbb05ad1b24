import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { AUTH, call, download, inLifecycleOrder, pick, pollUntil, startTestSim } from './test-helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const terminal = (r: { body: unknown }) =>
  ['completed', 'failed', 'cancelled'].includes(String(pick(r.body, 'status')));

async function create(prompt: string, extra: Record<string, unknown> = {}) {
  const sub = await call(sim, 'POST', '/v1/videos', { model: 'sora-2', prompt, ...extra });
  expect(sub.status).toBe(200);
  const id = String(sub.body.id);
  return { sub, id, ...(await pollUntil(() => call(sim, 'GET', `/v1/videos/${id}`), terminal, 'status')) };
}

describe('video create', () => {
  it('creates, progresses and completes, then serves the mp4 with Range support', async () => {
    const before = await call(sim, 'POST', '/v1/videos', {
      model: 'sora-2',
      prompt: 'waves',
      size: '1280x720',
      seconds: '4',
    });
    expect(before.body).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', progress: 0 });
    expect(before.body.task_id).toBe(before.body.id);
    const id = String(before.body.id);
    const early = await fetch(`${sim.baseUrl}/v1/videos/${id}/content`, { headers: AUTH });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { message: string }).message).toMatch(
      /^Task is not completed yet, current status: (queued|in_progress)$/,
    );

    const { last, seen } = await pollUntil(() => call(sim, 'GET', `/v1/videos/${id}`), terminal, 'status');
    expect(inLifecycleOrder(seen, ['queued', 'in_progress', 'completed']), String(seen)).toBe(true);
    expect(last.headers.get('openai-poll-after-ms')).toMatch(/^\d+$/);
    expect(last.body).toMatchObject({
      id,
      object: 'video',
      status: 'completed',
      progress: 100,
      seconds: '4',
      size: '1280x720',
    });
    expect(Number(last.body.expires_at)).toBeGreaterThan(Number(last.body.completed_at));
    expect(Number(last.body.created_at)).toBeLessThan(1e11); // seconds, not ms

    const url = `${sim.baseUrl}/v1/videos/${id}/content`;
    const full = await download(url, AUTH);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(full.headers.get('content-length'))).toBe(full.bytes.length);
    expect(sim.describeResult(url)?.size).toBe(full.bytes.length);

    const part = await download(url, { ...AUTH, range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${full.bytes.length}`);
    expect(part.bytes.equals(full.bytes.subarray(100, 200))).toBe(true);
    const tail = await download(url, { ...AUTH, range: 'bytes=-10' });
    expect(tail.bytes.equals(full.bytes.subarray(full.bytes.length - 10))).toBe(true);
    const beyond = await download(url, { ...AUTH, range: `bytes=${full.bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${full.bytes.length}`);
    expect((await download(url)).status).toBe(401);
  });

  it('ends failed with error.message for #fail and cancelled for #cancel', async () => {
    const failed = await create('nope #fail');
    expect(failed.last.body.status).toBe('failed');
    expect(String(pick(failed.last.body, 'error.message'))).toMatch(/#fail/);
    const cancelled = await create('stop #cancel');
    expect(cancelled.last.body.status).toBe('cancelled');
    const content = await call(sim, 'GET', `/v1/videos/${cancelled.id}/content`);
    expect(content.status).toBe(400);
    expect(content.body.message).toBe('Task is not completed yet, current status: cancelled');
  });

  it('validates input, requires the key and 404s unknown ids', async () => {
    expect((await call(sim, 'POST', '/v1/videos', { model: 'sora-2' })).body.message).toMatch(
      /prompt is required/,
    );
    expect((await call(sim, 'POST', '/v1/videos', { prompt: 'x' })).status).toBe(400);
    const size = await call(sim, 'POST', '/v1/videos', { model: 'm', prompt: 'x', size: '720*1280' });
    expect(size.status).toBe(400);
    expect(size.body.message).toMatch(/size must have the shape/);
    expect((await call(sim, 'POST', '/v1/videos', { model: 'm', prompt: 'x' }, {})).status).toBe(401);
    const missing = await call(sim, 'GET', '/v1/videos/video_nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('task_not_exist');
    expect((await call(sim, 'GET', '/v1/videos/video_nope/content')).status).toBe(404);
  });

  it('serves a portrait clip by default (Sora default size 720x1280)', async () => {
    const { id } = await create('portrait');
    const file = await download(`${sim.baseUrl}/v1/videos/${id}/content`, AUTH);
    // The 9:16 clip's track header carries width 360, height 640 as 16.16 fixed point.
    const tkhd = file.bytes.indexOf('tkhd');
    const box = file.bytes.subarray(tkhd - 4, tkhd - 4 + file.bytes.readUInt32BE(tkhd - 4));
    expect([box.readUInt32BE(box.length - 8) >> 16, box.readUInt32BE(box.length - 4) >> 16]).toEqual([
      360, 640,
    ]);
  });
});

describe('one answer, one instant', () => {
  it('status and progress of a video come from one reading of the clock: never "completed" short of 100 %', async () => {
    // The clock answers `next` values first, then `later`: a GET whose first reading is before the finish
    // and whose second is after it. An answer that read the task twice (progress, then status) said
    // "completed" at 69 %.
    const base = Date.now();
    let next: number[] = [];
    let later = base;
    const stepped = await startTestSim({ now: () => next.shift() ?? later });
    try {
      const sub = await call(stepped, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'one instant', seconds: '4' });
      const id = String(sub.body.id);
      // Instant speed: 80 ms queued, 180 ms running. 200 ms in, it runs; 400 ms in, it is done.
      next = [base + 200];
      later = base + 400;
      const during = await call(stepped, 'GET', `/v1/videos/${id}`);
      expect(during.body).toMatchObject({ status: 'in_progress' });
      expect(Number(during.body.progress)).toBeLessThan(100);
      const after = await call(stepped, 'GET', `/v1/videos/${id}`);
      expect(after.body).toMatchObject({ status: 'completed', progress: 100 });
    } finally {
      await stepped.close();
    }
  });
});
