import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../ports';
import { makePng, startTestCore, type TestCore } from '../test-support/core-harness';
import { startMiniGateway, type MiniRequest } from '../test-support/mini-gateway';
import { CallbackReceiver } from './callback-receiver';
import { callbackSignature } from './signature';

let gw: Awaited<ReturnType<typeof startMiniGateway>> | null = null;
let t: TestCore | null = null;
let receiver: CallbackReceiver | null = null;
afterEach(async () => {
  await receiver?.stop();
  await t?.close();
  await gw?.close();
  t = null;
  gw = null;
  receiver = null;
});

interface MiniTask {
  model: string;
  status: 'processing' | 'success';
  callbackUrl: string;
}

/** A task gateway with callbacks: tasks stay `processing` until `finish(taskNo)`. */
async function callbackGateway(
  opts: { beforeAnswer?: (task: MiniTask, taskNo: string) => Promise<void>; slowFiles?: boolean } = {},
) {
  const tasks = new Map<string, MiniTask>();
  const png = makePng(40, 40);
  let n = 0;
  const mini = await startMiniGateway(async (req: MiniRequest, base) => {
    if (req.method === 'POST' && req.path === '/open/aigw/gateway/generations') {
      const body = JSON.parse(req.body) as { model: string; callbackUrl: string };
      const taskNo = `T-${++n}`;
      const task: MiniTask = { model: body.model, status: 'processing', callbackUrl: body.callbackUrl };
      tasks.set(taskNo, task);
      await opts.beforeAnswer?.(task, taskNo);
      return { status: 200, json: { code: 1000, message: 'success', data: { taskNo } } };
    }
    if (req.path.startsWith('/open/aigw/gateway/generationTask')) {
      const taskNo = new URL(req.path, base).searchParams.get('taskNo') ?? '';
      const task = tasks.get(taskNo);
      if (!task) return { status: 404, json: { code: 404, message: 'task not found' } };
      return {
        status: 200,
        json: {
          code: 1000,
          message: 'success',
          data: {
            taskNo,
            model: task.model,
            status: task.status,
            data: task.status === 'success' ? { result: [`${base}/files/${taskNo}.png`] } : undefined,
          },
        },
      };
    }
    if (req.path.startsWith('/files/'))
      return { status: 200, bytes: png, type: 'image/png', delayMs: opts.slowFiles ? 400 : 0 };
    return { status: 404 };
  });
  return { mini, tasks };
}

async function withCallbacks(t: TestCore, base: string, key: string) {
  const h = t.core.handlers;
  await h.saveProfile({
    id: 'cb',
    name: 'Callbacks',
    baseUrl: base,
    vendor: 'vendora',
    gatewayAuthHeader: 'Authorization',
    callbacks: { enabled: true, publicUrl: '', localPort: 0 },
  });
  await h.selectProfile({ id: 'cb' });
  await h.setProfileKey({ id: 'cb', key, acceptWeakStorage: true });
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.status);
const signed = (taskNo: string, timestamp: string | number, key: string, status = 'success') => ({
  taskNo,
  status,
  timestamp,
  sign: callbackSignature(taskNo, timestamp, key),
});
const queriesFor = (log: MiniRequest[], taskNo: string) =>
  log.filter((r) => r.method === 'GET' && r.path.includes(`taskNo=${taskNo}`)).length;
const submitImage = (t: TestCore, prompt: string, model = '{vendor}_3.0_text2image') =>
  t.core.handlers.submitTask({
    operationId: 'gateway.text2image',
    values: { model, prompt, aspect_ratio: '1:1', n: 1 },
    extra: {},
  });

describe('the receiver protects itself', () => {
  it(
    'caps open connections and closes silent ones and slow bodies within its timeouts',
    { timeout: 15_000 },
    async () => {
      receiver = new CallbackReceiver(async () => 'accepted', silentLogger, {
        headersTimeoutMs: 300,
        requestTimeoutMs: 600,
        keepAliveTimeoutMs: 200,
        maxConnections: 5,
        checkIntervalMs: 50,
      });
      const port = await receiver.start(0);
      let answered = 0;
      const closed = (s: Socket) =>
        new Promise<void>((r) =>
          s
            .on('data', (d: Buffer) => void (d.toString().startsWith('HTTP/1.1 408') && answered++))
            .once('close', () => r()),
        );
      const sockets = Array.from({ length: 30 }, () =>
        connect(port, '127.0.0.1').on('error', () => undefined),
      );
      // A slow body: headers promise 1000 bytes, 10 arrive.
      const slow = connect(port, '127.0.0.1').on('error', () => undefined);
      slow.write(
        `POST /atelier-callback/${'a'.repeat(24)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"taskNo":`,
      );
      // Every one of them ends: the ones over the cap at once, the held ones at their timeout (300 s before).
      await Promise.all([...sockets, slow].map(closed));
      expect(sockets.every((s) => s.destroyed)).toBe(true);
      // Only the capped few were ever served (a 408 at their timeout); the rest were refused at once.
      expect(answered).toBeGreaterThan(0);
      expect(answered).toBeLessThanOrEqual(6);
    },
  );
});

describe('signed callbacks, checked before any query', () => {
  it('a stale timestamp is refused; seconds and milliseconds both count as fresh', async () => {
    const g = await callbackGateway();
    gw = g.mini;
    t = await startTestCore(gw);
    await withCallbacks(t, gw.baseUrl, gw.apiKey);
    await submitImage(t, 'fresh or stale');
    const url = [...g.tasks.values()][0]?.callbackUrl ?? '';
    const nowS = Math.floor(Date.now() / 1000);
    expect(await post(url, signed('T-1', nowS - 3600, gw.apiKey, 'processing'))).toBe(401);
    expect(await post(url, signed('T-1', nowS, gw.apiKey, 'processing'))).toBe(200);
    expect(await post(url, signed('T-1', Date.now(), gw.apiKey, 'processing'))).toBe(200);
  });

  it('replays of the same (task, status, timestamp) cause no extra query', async () => {
    const g = await callbackGateway();
    gw = g.mini;
    t = await startTestCore(gw, { tuning: { pollBaseMs: 60_000, pollMaxImageMs: 60_000 } });
    await withCallbacks(t, gw.baseUrl, gw.apiKey);
    await submitImage(t, 'replayed');
    const url = [...g.tasks.values()][0]?.callbackUrl ?? '';
    const body = signed('T-1', Date.now(), gw.apiKey, 'processing');
    const before = queriesFor(gw.log, 'T-1');
    for (let i = 0; i < 6; i++) expect(await post(url, body)).toBe(200);
    expect(queriesFor(gw.log, 'T-1') - before).toBe(1);
  });
});

describe('a task without a gateway id learns it from a callback only when a query confirms it', () => {
  async function setup(modelB = '{vendor}_2.6_text2image') {
    const g = await callbackGateway();
    gw = g.mini;
    t = await startTestCore(gw, { tuning: { pollBaseMs: 60_000, pollMaxImageMs: 60_000 } });
    await withCallbacks(t, gw.baseUrl, gw.apiKey);
    const a = await submitImage(t, 'task A');
    const b = await submitImage(t, 'task B', modelB);
    // B as after a crash mid-submission: unknown, no gateway id.
    t.core.store.update(b.id, { remoteId: null, status: 'unknown' });
    const urlB = g.tasks.get('T-2')?.callbackUrl ?? '';
    return { g, a, b, urlB };
  }

  it('never takes a taskNo another task holds', async () => {
    const { a, b, urlB } = await setup('{vendor}_3.0_text2image'); // same model: only "held" can refuse it
    expect(await post(urlB, signed(a.remoteId ?? '', Date.now(), gw!.apiKey))).toBe(401);
    expect(t!.core.store.get(b.id)?.remoteId).toBeNull();
  });

  it('refuses a taskNo whose query shows another model, or none at all', async () => {
    const { a, b, urlB } = await setup();
    t!.core.store.delete(a.id); // T-1 is free now, but it is another model's task
    expect(await post(urlB, signed('T-1', Date.now(), gw!.apiKey))).toBe(401);
    expect(await post(urlB, signed('T-404', Date.now(), gw!.apiKey))).toBe(401);
    expect(t!.core.store.get(b.id)?.remoteId).toBeNull();
  });

  it('adopts its own taskNo after the confirming query, and finishes', async () => {
    const { g, b, urlB } = await setup();
    const own = g.tasks.get('T-2');
    if (own) own.status = 'success';
    expect(await post(urlB, signed('T-2', Date.now(), gw!.apiKey))).toBe(200);
    const final = await t!.settled(b.id);
    expect(final.status).toBe('succeeded');
    expect(final.remoteId).toBe('T-2');
  });
});

describe('one writer per task', () => {
  it('a callback that arrives before a slow submit answer is not overwritten by it', async () => {
    const g = await callbackGateway({
      beforeAnswer: async (task, taskNo) => {
        task.status = 'success';
        const status = await post(task.callbackUrl, signed(taskNo, Date.now(), gw?.apiKey ?? ''));
        expect(status).toBe(200);
      },
      slowFiles: true, // the stale submit answer lands while the file is downloading
    });
    gw = g.mini;
    t = await startTestCore(gw);
    await withCallbacks(t, gw.baseUrl, gw.apiKey);
    const task = await submitImage(t, 'race');
    const final = await t.settled(task.id);
    expect(final.status).toBe('succeeded');
    await new Promise((r) => setTimeout(r, 300));
    const statuses = t.events
      .filter((e) => e.event === 'taskChanged' && (e.payload as { id: string }).id === task.id)
      .map((e) => (e.payload as { status: string }).status);
    // Never back: once downloading, no queued/running; and "finished" (entering succeeded) happens once.
    expect(
      statuses.slice(statuses.indexOf('downloading')).filter((s) => s === 'queued' || s === 'running'),
    ).toEqual([]);
    expect(statuses.filter((s, i) => s === 'succeeded' && statuses[i - 1] !== 'succeeded')).toHaveLength(1);
    expect(t.core.store.get(task.id)?.status).toBe('succeeded');
  });
});

describe('after a restart', () => {
  it('the receiver comes back with core, on the remembered port, so a promised callback still arrives', async () => {
    const g = await callbackGateway();
    gw = g.mini;
    t = await startTestCore(gw, { tuning: { pollBaseMs: 60_000, pollMaxImageMs: 60_000 } });
    await withCallbacks(t, gw.baseUrl, gw.apiKey);
    const task = await submitImage(t, 'promised before the restart');
    const promised = g.tasks.get('T-1')?.callbackUrl ?? '';
    const dataDir = t.dataDir;
    await t.close({ keepDir: true });
    t = await startTestCore(gw, { dataDir, tuning: { pollBaseMs: 60_000, pollMaxImageMs: 60_000 } });
    await withCallbacks(t, gw.baseUrl, gw.apiKey); // the test key store is memory: put the key back
    const own = g.tasks.get('T-1');
    if (own) own.status = 'success';
    expect(await post(promised, signed('T-1', Date.now(), gw.apiKey))).toBe(200);
    expect((await t.settled(task.id)).status).toBe('succeeded');
  });
});
