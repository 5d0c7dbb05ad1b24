import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { call, download, inLifecycleOrder, pick, pollUntil, readPng, startTestSim } from './test-helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const done = (r: { body: unknown }) =>
  ['succeed', 'failed'].includes(String(pick(r.body, 'data.task_status')));
const EXPAND = '/vendora/v1/images/editing/expand';
const AVATAR = '/vendora/v1/videos/avatar/image2video';
const EXTEND = '/vendora/v1/videos/video-extend';

async function run(path: string, body: Record<string, unknown>) {
  const sub = await call(sim, 'POST', path, body);
  expect(sub.status).toBe(200);
  expect(sub.body).toMatchObject({ code: 0, message: 'SUCCESS', data: { task_status: 'submitted' } });
  expect(Number(pick(sub.body, 'data.created_at'))).toBeGreaterThan(1e12); // Kling-style milliseconds
  const id = String(pick(sub.body, 'data.task_id'));
  return pollUntil(() => call(sim, 'GET', `${path}/${id}`), done, 'data.task_status');
}

describe('vendor family', () => {
  it('expands an image to the aspect ratio', async () => {
    const { last, seen } = await run(EXPAND, {
      model: 'vendora-v2',
      image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB',
      prompt: 'wider beach',
      aspect_ratio: '21:9',
    });
    expect(inLifecycleOrder(seen, ['submitted', 'processing', 'succeed']), String(seen)).toBe(true);
    const images = pick(last.body, 'data.task_result.images') as { index: number; url: string }[];
    expect(images[0]?.index).toBe(0);
    const png = readPng((await download(images[0]?.url ?? '')).bytes);
    expect([png.width, png.height]).toEqual([1024, 439]);
  });

  it('takes Kling\'s four expansion ratios beside the aspect ratio: all four, each in [0, 2], area at most 3×', async () => {
    const base = { model: 'vendora-v2', image: 'https://x/p.png', aspect_ratio: '9:16' };
    const ok = await call(sim, 'POST', EXPAND, { ...base, up_expansion_ratio: 0, down_expansion_ratio: 0.78, left_expansion_ratio: 0, right_expansion_ratio: 0 });
    expect(ok.status).toBe(200);
    const some = await call(sim, 'POST', EXPAND, { ...base, up_expansion_ratio: 0.5 });
    expect(some.status).toBe(400);
    expect(JSON.stringify(some.body)).toMatch(/all four/);
    const range = await call(sim, 'POST', EXPAND, { ...base, up_expansion_ratio: 2.5, down_expansion_ratio: 0, left_expansion_ratio: 0, right_expansion_ratio: 0 });
    expect(JSON.stringify(range.body)).toMatch(/\[0, 2\]/);
    const area = await call(sim, 'POST', EXPAND, { ...base, up_expansion_ratio: 0, down_expansion_ratio: 1.96, left_expansion_ratio: 0, right_expansion_ratio: 0.67 });
    expect(area.status).toBe(400);
    expect(JSON.stringify(area.body)).toMatch(/3 times/);
  });

  it('makes avatar and extension videos', async () => {
    const avatar = await run(AVATAR, {
      model: 'vendora-avatar',
      image: 'https://x/p.png',
      audio: 'data:audio/mpeg;base64,AAAA',
    });
    const videos = pick(avatar.last.body, 'data.task_result.videos') as {
      id: string;
      url: string;
      duration: string;
    }[];
    expect(videos[0]?.duration).toBe('3');
    expect((await download(videos[0]?.url ?? '')).headers.get('content-type')).toBe('video/mp4');
    const extend = await run(EXTEND, { model: 'vendora-v2', video_id: 'vid_1', prompt: 'keep going #fail' });
    expect(pick(extend.last.body, 'data.task_status')).toBe('failed');
    expect(String(pick(extend.last.body, 'data.task_status_msg'))).toMatch(/#fail/);
  });

  it('rejects bad or missing fields, wrong keys and unknown ids', async () => {
    const bad = await call(sim, 'POST', EXPAND, {
      model: 'm',
      image: 'https://x/a.png',
      aspect_ratio: '16/9',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/aspect_ratio must have the shape <w>:<h>/);
    expect((await call(sim, 'POST', EXPAND, { model: 'm', aspect_ratio: '1:1' })).body.message).toMatch(
      /image is required/,
    );
    expect(
      (await call(sim, 'POST', EXPAND, { model: 'm', image: 'not a url!', aspect_ratio: '1:1' })).status,
    ).toBe(400);
    expect((await call(sim, 'POST', AVATAR, { model: 'm', image: 'https://x/a.png' })).body.message).toMatch(
      /audio is required/,
    );
    expect((await call(sim, 'POST', EXTEND, { model: 'm', prompt: 'x' })).body.message).toMatch(
      /video_id is required/,
    );
    expect(
      (await call(sim, 'POST', EXPAND, { model: 'm', image: 'https://x/a.png', aspect_ratio: '1:1' }, {}))
        .status,
    ).toBe(401);
    expect((await call(sim, 'GET', `${AVATAR}/123`)).status).toBe(404);
  });
});
