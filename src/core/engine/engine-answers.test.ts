import { afterEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../gateway/adapters';
import { envelopeRefusal } from '../gateway/envelope';
import { pickTaskId } from '../gateway/parse';
import { makePng, startTestCore, type TestCore } from '../test-support/core-harness';
import { startMiniGateway } from '../test-support/mini-gateway';
import { valuesFor } from './operation-values.test-support';

let gw: Awaited<ReturnType<typeof startMiniGateway>> | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await gw?.close();
  t = null;
  gw = null;
});

describe('submit answers with a non-success code (api-notes C)', () => {
  it("Kling's 1303 sent as HTTP 200 is 'not now' (issue 30): the task waits again, unpolled, nothing failed", async () => {
    gw = await startMiniGateway(() => ({
      status: 200,
      json: {
        code: 1303,
        message: 'parallel task over resource pack limit',
        data: null,
        request_id: 'req-abc-123',
      },
    }));
    t = await startTestCore(gw);
    const values = await valuesFor(t.core, 'vendor.extend');
    const summary = await t.core.handlers.submitTask({ operationId: 'vendor.extend', values, extra: {} });
    const task = t.core.store.get(summary.id);
    expect(task?.status).toBe('waiting');
    expect(task?.remoteId).toBeNull();
    expect(task?.error).toBeNull();
    expect(task?.internal.sendPhase).toBe('local');
    expect(task?.events.at(-1)?.message).toMatch(/not now \(parallel task over resource pack limit \(code 1303\)\)/);
    await new Promise((r) => setTimeout(r, 300));
    expect(gw.log.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('a refusal code that is not "not now" still fails the task with the gateway message', async () => {
    gw = await startMiniGateway(() => ({ status: 200, json: { code: 1201, message: 'invalid video_id', data: null } }));
    t = await startTestCore(gw);
    const values = await valuesFor(t.core, 'vendor.extend');
    await expect(t.core.handlers.submitTask({ operationId: 'vendor.extend', values, extra: {} })).rejects.toThrow(/invalid video_id/);
    const [task] = t.core.store.list({ sort: 'newest' }, null, 10).items;
    expect(task?.status).toBe('failed');
    expect(task?.error).toMatch(/invalid video_id \(code 1201\)/);
  });

  it('the task gateway code 1000 is a success, Kling 1000 (auth) is not', () => {
    expect(envelopeRefusal('gateway', { code: 1000, data: { taskNo: 'T' } })).toBeNull();
    expect(envelopeRefusal('vendor', { code: 1000, message: 'auth failed' })?.message).toMatch(/auth failed/);
    expect(envelopeRefusal('vendor', { code: 0, data: { task_id: 't' } })).toBeNull();
    expect(envelopeRefusal('unifiedVideo', { code: 'success', data: { task_id: 't' } })).toBeNull();
    expect(
      envelopeRefusal('unifiedVideo', { code: 'quota_not_enough', message: 'no quota' })?.message,
    ).toMatch(/no quota/);
    expect(envelopeRefusal('videos', { id: 'video_1', status: 'queued' })).toBeNull();
  });
});

describe('request_id is never a task id', () => {
  it('a top-level request_id is not picked, in any family', () => {
    expect(pickTaskId({ code: 1303, data: null, request_id: 'req-1' })).toBeNull();
    for (const family of ['gateway', 'vendor', 'unifiedVideo', 'unifiedImage', 'videos'] as const)
      expect(ADAPTERS[family].parseSubmit({ request_id: 'req-1', data: null }).remoteId).toBeNull();
    expect(
      ADAPTERS.vendor.parseSubmit({ code: 0, request_id: 'req-1', data: { task_id: 'task-9' } }).remoteId,
    ).toBe('task-9');
  });
  it('the one router that queries by data.request_id (unified image, api-notes B) still works', () => {
    expect(
      ADAPTERS.unifiedImage.parseSubmit({
        code: 'success',
        data: { request_id: 'r-7', status: 'SUBMITTING' },
      }).remoteId,
    ).toBe('r-7');
  });
});

describe("Kling's task_result passed through by relays", () => {
  const kling = {
    code: 0,
    message: 'SUCCESS',
    request_id: 'r',
    data: {
      task_id: 'k1',
      task_status: 'succeed',
      task_result: { videos: [{ id: 'v', url: 'https://cdn.example/k.mp4', duration: '5' }] },
    },
  };
  it('new-api envelope with the raw Kling answer in data.data', () => {
    const o = ADAPTERS.unifiedVideo.parseQuery({
      code: 'success',
      data: { task_id: 't', status: 'SUCCESS', progress: '100%', data: kling },
    });
    expect(o.results).toEqual([{ kind: 'url', url: 'https://cdn.example/k.mp4' }]);
  });
  it('new-api envelope with only the Kling data object', () => {
    const o = ADAPTERS.unifiedImage.parseQuery({
      code: 'success',
      data: {
        task_id: 't',
        status: 'SUCCESS',
        data: { task_result: { images: [{ index: 0, url: 'https://cdn.example/a.png' }] } },
      },
    });
    expect(o.results).toEqual([{ kind: 'url', url: 'https://cdn.example/a.png' }]);
  });
  it('task gateway relaying task_result, vendor series_images', () => {
    const g = ADAPTERS.gateway.parseQuery({
      code: 1000,
      data: {
        taskNo: 'T',
        status: 'success',
        data: { task_result: { videos: [{ url: 'https://cdn.example/g.mp4' }] } },
      },
    });
    expect(g.results).toEqual([{ kind: 'url', url: 'https://cdn.example/g.mp4' }]);
    const v = ADAPTERS.vendor.parseQuery({
      code: 0,
      data: {
        task_id: 'k',
        task_status: 'succeed',
        task_result: { series_images: [{ url: 'https://cdn.example/s1.png' }] },
      },
    });
    expect(v.results).toEqual([{ kind: 'url', url: 'https://cdn.example/s1.png' }]);
  });
});

describe('result URLs on the profile’s own origin', () => {
  it('are fetched with the key (and a file elsewhere would not get it)', async () => {
    const png = makePng(32, 32);
    gw = await startMiniGateway((req, base) => {
      if (req.method === 'POST')
        return { status: 200, json: { code: 1000, message: 'success', data: { taskNo: 'T-own-1' } } };
      if (req.path.startsWith('/open/aigw/gateway/generationTask'))
        return {
          status: 200,
          json: {
            code: 1000,
            message: 'success',
            data: { taskNo: 'T-own-1', status: 'success', data: { result: [`${base}/files/own.png`] } },
          },
        };
      if (req.path === '/files/own.png')
        return req.headers.authorization === `Bearer ${gw?.apiKey}`
          ? { status: 200, bytes: png, type: 'image/png' }
          : { status: 401, json: { message: 'key required' } };
      return { status: 404 };
    });
    t = await startTestCore(gw);
    const values = await valuesFor(t.core, 'gateway.text2image');
    const task = await t.core.handlers.submitTask({ operationId: 'gateway.text2image', values, extra: {} });
    const final = await t.settled(task.id);
    expect(final.status, final.error ?? '').toBe('succeeded');
    expect(final.results[0]?.bytesReceived).toBe(png.length);
  });
});
