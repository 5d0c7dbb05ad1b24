import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { call, download, inLifecycleOrder, pick, pollUntil, readPng, startTestSim } from './test-helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const img = 'https://example.invalid/a.png';
const videoDone = (r: { body: unknown }) =>
  ['SUCCESS', 'FAILURE'].includes(String(pick(r.body, 'data.status')));

describe('unified video', () => {
  it('chooses the kind from the fields present, for all six kinds', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'text'],
      [{ image: img }, 'first_frame'],
      [{ image: img, image_tail: img }, 'first_last_frame'],
      [{ images: [img, img] }, 'image_input'],
      [{ reference_images: [img] }, 'reference'],
      [{ video: 'https://example.invalid/v.mp4', image: img }, 'video_edit'],
    ];
    await Promise.all(
      cases.map(async ([fields, kind]) => {
        const sub = await call(sim, 'POST', '/v1/video/generations', {
          model: 'vendora-v3',
          prompt: `kind ${kind}`,
          ...fields,
        });
        expect(sub.status).toBe(200);
        expect(sub.body).toMatchObject({
          object: 'video',
          model: 'vendora-v3',
          status: 'queued',
          progress: 0,
        });
        expect(sub.body.task_id).toBe(sub.body.id);
        const { last, seen } = await pollUntil(
          () => call(sim, 'GET', `/v1/video/generations/${String(sub.body.task_id)}`),
          videoDone,
          'data.status',
        );
        expect(inLifecycleOrder(seen, ['SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS']), String(seen)).toBe(
          true,
        );
        expect(last.body).toMatchObject({
          code: 'success',
          message: '',
          data: { action: kind, status: 'SUCCESS', progress: '100%', data: { kind } },
        });
        const data = last.body.data as Record<string, number | string>;
        expect(Number(data.finish_time)).toBeGreaterThanOrEqual(Number(data.start_time));
        expect(Number(data.start_time)).toBeGreaterThanOrEqual(Number(data.submit_time));
        const file = await download(String(data.result_url));
        expect(file.headers.get('content-type')).toBe('video/mp4');
      }),
    );
  });

  it('fails with fail_reason, rejects bad input and unknown ids', async () => {
    const sub = await call(sim, 'POST', '/v1/video/generations', { model: 'm', prompt: 'x #fail' });
    const { last } = await pollUntil(
      () => call(sim, 'GET', `/v1/video/generations/${String(sub.body.task_id)}`),
      videoDone,
      'data.status',
    );
    expect(pick(last.body, 'data.status')).toBe('FAILURE');
    expect(String(pick(last.body, 'data.fail_reason'))).toMatch(/#fail/);
    const tail = await call(sim, 'POST', '/v1/video/generations', {
      model: 'm',
      prompt: 'x',
      image_tail: img,
    });
    expect(tail.status).toBe(400);
    expect(tail.body.message).toMatch(/image_tail .*requires image/);
    expect(
      (await call(sim, 'POST', '/v1/video/generations', { model: 'm', prompt: 'x', images: 'one' })).status,
    ).toBe(400);
    expect((await call(sim, 'POST', '/v1/video/generations', { model: 'm' })).status).toBe(400);
    expect((await call(sim, 'POST', '/v1/video/generations', { model: 'm', prompt: 'x' }, {})).status).toBe(
      401,
    );
    expect((await call(sim, 'GET', '/v1/video/generations/task_none')).status).toBe(404);
  });
});

describe('unified image', () => {
  const done = (r: { body: unknown }) =>
    ['COMPLETED', 'FAILED'].includes(String(pick(r.body, 'data.status')));

  it('completes with n images of the requested size', async () => {
    const sub = await call(sim, 'POST', '/v1/tasks/generations', {
      model: 'img-1',
      prompt: 'two owls',
      size: '640x480',
      n: 2,
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ status: 'SUBMITTED' });
    expect(typeof sub.body.request_id).toBe('string');
    const { last, seen } = await pollUntil(
      () => call(sim, 'GET', `/v1/tasks/generations/${String(sub.body.task_id)}`),
      done,
      'data.status',
    );
    expect(inLifecycleOrder(seen, ['SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'COMPLETED']), String(seen)).toBe(
      true,
    );
    expect(last.body).toMatchObject({
      code: 'success',
      message: '',
      data: { task_id: sub.body.task_id, progress: '100%' },
    });
    const urls = pick(last.body, 'data.data.image_urls') as string[];
    expect(urls).toHaveLength(2);
    const png = readPng((await download(urls[0] ?? '')).bytes);
    expect([png.width, png.height]).toEqual([640, 480]);
  });

  it('fails, validates, authenticates and 404s', async () => {
    const sub = await call(sim, 'POST', '/v1/tasks/generations', { model: 'img-1', prompt: '#fail' });
    const { last } = await pollUntil(
      () => call(sim, 'GET', `/v1/tasks/generations/${String(sub.body.task_id)}`),
      done,
      'data.status',
    );
    expect(pick(last.body, 'data.status')).toBe('FAILED');
    expect(String(pick(last.body, 'data.fail_reason'))).toMatch(/#fail/);
    expect(
      (await call(sim, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x', size: '10by10' })).body
        .message,
    ).toMatch(/size/);
    expect(
      (await call(sim, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x', n: 9 })).body.message,
    ).toMatch(/n must be/);
    expect((await call(sim, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' }, {})).status).toBe(
      401,
    );
    expect((await call(sim, 'GET', '/v1/tasks/generations/task_none')).body.code).toBe('task_not_exist');
  });
});
