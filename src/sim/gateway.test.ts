import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import {
  AUTH,
  KEY,
  call,
  download,
  inLifecycleOrder,
  pick,
  pollUntil,
  readPng,
  startTestSim,
} from './test-helpers';

const SUBMIT = '/open/aigw/gateway/generations';
const query = (sim: Simulator, taskNo: string) =>
  call(sim, 'GET', `/open/aigw/gateway/generationTask?taskNo=${taskNo}`);
const terminal = (r: { body: unknown }) =>
  ['success', 'failed'].includes(String(pick(r.body, 'data.status')));

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

async function runToEnd(body: Record<string, unknown>) {
  const sub = await call(sim, 'POST', SUBMIT, body);
  expect(sub.status).toBe(200);
  expect(sub.body).toMatchObject({ code: 1000, message: 'success' });
  const taskNo = String(sub.body.taskNo);
  expect(pick(sub.body, 'data.taskNo')).toBe(taskNo);
  return { taskNo, ...(await pollUntil(() => query(sim, taskNo), terminal, 'data.status')) };
}

describe('task gateway', () => {
  it('runs text-to-video on every version to success with an mp4 result', async () => {
    await Promise.all(
      ['2.1', '2.5', 'O1', '2.6', '3.0', '3.0-Omni'].map(async (v) => {
        const { last, seen, taskNo } = await runToEnd({
          model: `vendora_${v}_text2video`,
          prompt: 'a cat',
          aspect_ratio: '16:9',
          duration: 5,
          mode: 'pro',
        });
        expect(inLifecycleOrder(seen, ['pending', 'processing', 'success']), String(seen)).toBe(true);
        expect(last.body).toMatchObject({
          code: 1000,
          message: 'success',
          data: { taskNo, model: `vendora_${v}_text2video`, status: 'success' },
        });
        expect(String(pick(last.body, 'data.createTime'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        expect(pick(last.body, 'data.usage.totalPoints')).toBe(75);
        const urls = pick(last.body, 'data.data.result') as string[];
        expect(urls).toHaveLength(1);
        const file = await download(urls[0] ?? '');
        expect(file.headers.get('content-type')).toBe('video/mp4');
        expect(file.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
        expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(
          sim.describeResult(urls[0] ?? '')?.sha256,
        );
      }),
    );
  });

  it('makes n PNG images of the aspect ratio with the image model', async () => {
    const { last } = await runToEnd({
      model: 'vendora_3.0_text2image',
      prompt: 'sunset',
      aspect_ratio: '16:9',
      n: 2,
    });
    const urls = pick(last.body, 'data.data.result') as string[];
    expect(urls).toHaveLength(2);
    const png = readPng((await download(urls[1] ?? '')).bytes);
    expect([png.width, png.height]).toEqual([1024, 576]);
  });

  it('answers motion control with the {video_url} object shape', async () => {
    const { last } = await runToEnd({
      model: 'vendora_2.6_motion_control',
      image_url: 'https://x/a.png',
      video_url: 'https://x/b.mp4',
      prompt: 'dance',
    });
    expect(pick(last.body, 'data.data.result.video_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
  });

  it('accepts subject references whose <<<id>>> tokens are all supplied', async () => {
    const { last } = await runToEnd({
      model: 'vendora_3.0-Omni_subject_reference',
      prompt: '<<<hero>>> meets <<<el_1>>> in <<<clip>>>',
      image_list: [{ id: 'hero', image_url: 'https://x/h.png' }],
      video_list: [{ id: 'clip', video_url: 'https://x/c.mp4' }],
      element_list: [{ id: 'el_1' }],
    });
    expect(pick(last.body, 'data.status')).toBe('success');
  });

  it('refuses bad gateway requests with 400 naming the problem', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: 'vendora_2.6_subject_reference', prompt: 'x' }, /only 3\.0 and 3\.0-Omni/],
      [
        {
          model: 'vendora_3.0_subject_reference',
          prompt: '<<<ghost>>>',
          image_list: [{ id: 'a', image_url: 'https://x' }],
        },
        /ghost/,
      ],
      [{ model: 'vendora_9.9_text2video', prompt: 'x' }, /unknown model/],
      [{ model: 'vendora_2.1_text2video' }, /prompt is required/],
      [{ model: 'vendora_2.1_text2video', prompt: 'x', aspect_ratio: '16x9' }, /aspect_ratio/],
      [{ model: 'vendora_3.0_text2image', prompt: 'x', n: 5 }, /n must be/],
      [{ prompt: 'x' }, /model is required/],
    ];
    for (const [body, message] of cases) {
      const r = await call(sim, 'POST', SUBMIT, body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_request');
      expect(String(r.body.message)).toMatch(message);
    }
  });

  it('requires the API key (401) and answers unknown task numbers with 404', async () => {
    const noKey = await call(sim, 'POST', SUBMIT, { model: 'vendora_3.0_text2image', prompt: 'x' }, {});
    expect(noKey.status).toBe(401);
    expect(noKey.body.code).toBe('unauthorized');
    expect(
      (
        await call(sim, 'GET', '/open/aigw/gateway/generationTask?taskNo=1', undefined, {
          authorization: 'Bearer nope',
        })
      ).status,
    ).toBe(401);
    const missing = await query(sim, 'NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('task_not_exist');
  });

  it('reports a failed task inside a code-1000 envelope', async () => {
    const { last } = await runToEnd({ model: 'vendora_3.0_text2video', prompt: 'boom #fail' });
    expect(last.body).toMatchObject({ code: 1000, message: 'success', data: { status: 'failed' } });
    expect(String(pick(last.body, 'data.error'))).toMatch(/#fail/);
  });

  it('honours a custom gateway auth header carrying the raw key', async () => {
    const other = await startTestSim({ gatewayAuthHeader: 'X-Api-Key' });
    try {
      const ok = await call(
        other,
        'POST',
        SUBMIT,
        { model: 'vendora_3.0_text2image', prompt: 'x' },
        { 'x-api-key': KEY },
      );
      expect(ok.status).toBe(200);
      expect(
        (await call(other, 'POST', SUBMIT, { model: 'vendora_3.0_text2image', prompt: 'x' }, AUTH)).status,
      ).toBe(401);
      expect(other.log[0]?.headers['x-api-key']).toBe('***');
    } finally {
      await other.close();
    }
  });
});

describe('gateway callbacks', () => {
  it('POSTs success and failure bodies whose sign verifies as sha256(taskNo + timestamp + apiKey)', async () => {
    const received: Record<string, unknown>[] = [];
    const receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(text) as Record<string, unknown>);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
    try {
      const ok = await call(sim, 'POST', SUBMIT, {
        model: 'vendora_3.0_text2video',
        prompt: 'cb',
        callbackUrl,
      });
      const bad = await call(sim, 'POST', SUBMIT, {
        model: 'vendora_3.0_text2video',
        prompt: 'cb #fail',
        callbackUrl,
      });
      const deadline = Date.now() + 3000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(2);
      for (const body of received) {
        const expected = createHash('sha256')
          .update(`${String(body.taskNo)}${String(body.timestamp)}${KEY}`)
          .digest('hex');
        expect(body.sign).toBe(expected);
        expect(Math.abs(Number(body.timestamp) - Date.now() / 1000)).toBeLessThan(10);
      }
      const success = received.find((b) => b.taskNo === ok.body.taskNo);
      expect(success).toMatchObject({
        status: 'success',
        model: 'vendora_3.0_text2video',
        data: { status: 'SUCCESS', error_info: '', traceback: '' },
      });
      expect(pick(success, 'data.task_id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(pick(success, 'data.result')).toHaveLength(1);
      expect(typeof pick(success, 'usage.totalPoints')).toBe('number');
      const failure = received.find((b) => b.taskNo === bad.body.taskNo);
      expect(failure).toMatchObject({ status: 'failed' });
      expect(Object.keys(failure ?? {}).sort()).toEqual([
        'error',
        'model',
        'sign',
        'status',
        'taskNo',
        'timestamp',
      ]);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
