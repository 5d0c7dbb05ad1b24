import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { AUTH, call, download, pick, pollUntil, startTestSim } from './test-helpers';

let sims: Simulator[] = [];
async function sim(extra: Parameters<typeof startTestSim>[0] = {}): Promise<Simulator> {
  const s = await startTestSim(extra);
  sims.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

/** Raw GET that reports what actually arrived, even when the connection ends early. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; length: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      const finish = (): void =>
        resolve({
          status: res.statusCode ?? 0,
          length: Number(res.headers['content-length']),
          bytes: Buffer.concat(chunks),
        });
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', finish);
      res.on('aborted', finish);
      res.on('error', finish);
    }).on('error', reject);
  });
}

async function gatewayImage(s: Simulator): Promise<{ taskNo: string; url: string }> {
  const sub = await call(s, 'POST', '/open/aigw/gateway/generations', {
    model: 'vendora_3.0_text2image',
    prompt: 'fault test',
  });
  const taskNo = String(sub.body.taskNo);
  const { last } = await pollUntil(
    () => call(s, 'GET', `/open/aigw/gateway/generationTask?taskNo=${taskNo}`),
    (r) => pick(r.body, 'data.status') === 'success',
    'data.status',
  );
  return { taskNo, url: (pick(last.body, 'data.data.result') as string[])[0] ?? '' };
}

describe('faults', () => {
  it('truncate: fewer bytes than Content-Length, then a Range resume completes the file', async () => {
    const s = await sim({ faults: [{ kind: 'truncate', times: 1 }] });
    const { url } = await gatewayImage(s);
    const cut = await rawGet(url);
    expect(cut.status).toBe(200);
    expect(cut.bytes.length).toBeGreaterThan(0);
    expect(cut.bytes.length).toBeLessThan(cut.length);
    const rest = await rawGet(url, { range: `bytes=${cut.bytes.length}-` });
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([cut.bytes, rest.bytes]);
    expect(whole.length).toBe(cut.length);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(s.describeResult(url)?.sha256);
  });

  it('rateLimit: 429 with Retry-After and a JSON body, only for the chosen family and times', async () => {
    const s = await sim({
      faults: [{ kind: 'rateLimit', family: 'unifiedImage', retryAfterSeconds: 3, times: 1 }],
    });
    const limited = await call(s, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body.code).toBe('rate_limited');
    expect((await call(s, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' })).status).toBe(200);
    s.setFaults([{ kind: 'rateLimit', family: 'vendor' }]);
    expect((await call(s, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' })).status).toBe(200);
  });

  it('expireUrl: result URLs answer 403 until the task is queried again', async () => {
    const s = await sim({ faults: [{ kind: 'expireUrl' }] });
    const { taskNo, url } = await gatewayImage(s);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.bytes.toString())).toEqual({ message: 'Request has expired' });
    expect((await download(url)).status).toBe(403);
    const again = await call(s, 'GET', `/open/aigw/gateway/generationTask?taskNo=${taskNo}`);
    const fresh = (pick(again.body, 'data.data.result') as string[])[0] ?? '';
    expect(fresh).not.toBe(url);
    const ok = await download(fresh);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
  });

  it('serverError and reset hit queries; slowBody slows downloads', async () => {
    const s = await sim();
    const { taskNo, url } = await gatewayImage(s);
    s.setFaults([{ kind: 'serverError', times: 1 }]);
    expect((await call(s, 'GET', `/open/aigw/gateway/generationTask?taskNo=${taskNo}`)).status).toBe(500);
    s.setFaults([{ kind: 'reset', family: 'gateway', times: 1 }]);
    await expect(call(s, 'GET', `/open/aigw/gateway/generationTask?taskNo=${taskNo}`)).rejects.toThrow();
    expect(s.log.at(-1)?.status).toBe(0);
    s.setFaults([{ kind: 'slowBody', delayMs: 120 }]);
    const started = Date.now();
    const slow = await download(url);
    expect(slow.bytes.length).toBe(s.describeResult(url)?.size);
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
  });

  it('shape faults: videoUrlObject, msTimestamps and unknownFirst', async () => {
    const s = await sim({
      speed: 0.1,
      faults: [
        { kind: 'videoUrlObject' },
        { kind: 'msTimestamps' },
        { kind: 'unknownFirst', family: 'unifiedImage' },
      ],
    });
    const img = await call(s, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' });
    const first = await call(s, 'GET', `/v1/tasks/generations/${String(img.body.task_id)}`);
    expect(pick(first.body, 'data.status')).toBe('UNKNOWN');
    const video = await call(s, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'x' });
    expect(Number(video.body.created_at)).toBeGreaterThan(1e12);
    const fast = await sim({ faults: [{ kind: 'videoUrlObject', family: 'gateway' }] });
    const sub = await call(fast, 'POST', '/open/aigw/gateway/generations', {
      model: 'vendora_2.1_text2video',
      prompt: 'x',
    });
    const { last } = await pollUntil(
      () => call(fast, 'GET', `/open/aigw/gateway/generationTask?taskNo=${String(sub.body.taskNo)}`),
      (r) => pick(r.body, 'data.status') === 'success',
      'data.status',
    );
    expect(typeof pick(last.body, 'data.data.result.video_url')).toBe('string');
  });

  it('seeded probability replays the same pattern', async () => {
    const pattern = async (): Promise<number[]> => {
      const s = await sim({ seed: 42, faults: [{ kind: 'serverError', on: 'submit', probability: 0.5 }] });
      const out: number[] = [];
      for (let i = 0; i < 12; i++)
        out.push((await call(s, 'POST', '/v1/tasks/generations', { model: 'm', prompt: 'x' })).status);
      return out;
    };
    const a = await pattern();
    expect(a).toContain(500);
    expect(a).toContain(200);
    expect(await pattern()).toEqual(a);
  });
});

describe('control routes and log', () => {
  it('switches faults, reads and clears the log, and serves blobs with Range', async () => {
    const s = await sim();
    const set = await fetch(`${s.baseUrl}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'rateLimit', times: 1 }]),
    });
    expect(set.status).toBe(200);
    expect((await call(s, 'POST', '/v1/videos', { model: 'm', prompt: 'x' })).status).toBe(429);
    const bad = await fetch(`${s.baseUrl}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'nope' }]),
    });
    expect(bad.status).toBe(400);
    const log = (await (await fetch(`${s.baseUrl}/__sim/log`)).json()) as {
      path: string;
      status: number;
      family: string;
      authorized: boolean;
      json?: unknown;
      headers: Record<string, string>;
    }[];
    const entry = log.find((e) => e.path === '/v1/videos');
    expect(entry).toMatchObject({
      status: 429,
      family: 'videos',
      authorized: true,
      json: { model: 'm', prompt: 'x' },
    });
    expect(entry?.headers.authorization).toBe('Bearer ***');
    expect(JSON.stringify(log)).not.toContain(AUTH.authorization);
    await fetch(`${s.baseUrl}/__sim/reset`, { method: 'POST' });
    expect(s.log.filter((e) => e.path === '/v1/videos')).toHaveLength(0);

    const blobUrl = `${s.baseUrl}/__sim/blob/200000`;
    const full = await download(blobUrl);
    expect(full.bytes.length).toBe(200000);
    expect(createHash('sha256').update(full.bytes).digest('hex')).toBe(s.describeResult(blobUrl)?.sha256);
    const part = await download(blobUrl, { range: 'bytes=65530-65545' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(full.bytes.subarray(65530, 65546))).toBe(true);
  });

  it('hides control routes when control is false and can serve fixed-size video blobs', async () => {
    const s = await sim({ control: false, videoResultBytes: 300_000 });
    expect((await fetch(`${s.baseUrl}/__sim/log`)).status).toBe(404);
    const sub = await call(s, 'POST', '/v1/videos', { model: 'm', prompt: 'x' });
    await pollUntil(
      () => call(s, 'GET', `/v1/videos/${String(sub.body.id)}`),
      (r) => r.body.status === 'completed',
      'status',
    );
    const url = `${s.baseUrl}/v1/videos/${String(sub.body.id)}/content`;
    const file = await download(url, AUTH);
    expect(file.bytes.length).toBe(300_000);
    expect(s.describeResult(url)?.size).toBe(300_000);
    expect(file.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp'); // clients that sniff bytes take it as MP4
  });
});
