import { stripProvenance } from '../provenance/strip';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator, type SimFault } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

async function setup(faults: SimFault[], speed: 'instant' | 'fast' = 'instant') {
  sim = await startSimulator({ port: 0, apiKey: 'k-resilience', speed, faults });
  t = await startTestCore(sim);
  return { sim, t };
}

// The payload's hash: the library file minus the provenance Atelier wrote into it.
const fileSha = (t: TestCore, file: string | null) =>
  createHash('sha256')
    .update(stripProvenance(readFileSync(join(t.core.mediaRoots().library, file ?? ''))))
    .digest('hex');

describe('downloads', () => {
  it('a truncated download is resumed with Range and ends with the identical sha256', async () => {
    const { sim, t } = await setup([{ kind: 'truncate', family: 'videos', times: 2 }]);
    const task = await t.core.handlers.submitTask({
      operationId: 'videos.create',
      values: await valuesFor(t.core, 'videos.create'),
      extra: {},
    });
    const final = await t.settled(task.id);
    expect(final.status).toBe('succeeded');
    const content = sim.log.filter((e) => e.path.endsWith('/content'));
    expect(content.length).toBeGreaterThanOrEqual(2);
    expect(content.slice(1).some((e) => e.headers.range?.startsWith('bytes='))).toBe(true);
    const expected = sim.describeResult(`${sim.baseUrl}/v1/videos/${final.remoteId}/content`);
    expect(fileSha(t, final.results[0]?.file ?? null)).toBe(expected?.sha256);
    expect(final.results[0]?.sha256).toBe(expected?.sha256);
  });

  it('an expired result URL (403) is re-queried for a fresh URL and then downloaded', async () => {
    const { sim, t } = await setup([{ kind: 'expireUrl', family: 'unifiedImage', times: 1 }]);
    const task = await t.core.handlers.submitTask({
      operationId: 'unifiedImage.generate',
      values: await valuesFor(t.core, 'unifiedImage.generate'),
      extra: {},
    });
    const final = await t.settled(task.id);
    expect(final.status, final.error ?? '').toBe('succeeded');
    const files = sim.log.filter((e) => e.family === 'files');
    expect(files.some((e) => e.status === 403)).toBe(true);
    expect(files.at(-1)?.status).toBe(200);
    // A query happened after the 403, which minted the fresh URL that was then downloaded.
    const expiredAt = files.find((e) => e.status === 403)?.at ?? 0;
    expect(
      sim.log.some(
        (e) => e.method === 'GET' && e.path.startsWith('/v1/tasks/generations/') && e.at >= expiredAt,
      ),
    ).toBe(true);
    expect(final.results[0]?.sha256).toBe(sim.describeResult(final.results[0]?.remoteUrl ?? '')?.sha256);
  });
});

describe('rate limits', () => {
  it('429 with Retry-After on polls: no poll of that task before the delay elapses', async () => {
    const { sim, t } = await setup(
      [{ kind: 'rateLimit', family: 'unifiedVideo', on: 'query', times: 1, retryAfterSeconds: 1 }],
      'fast',
    );
    const task = await t.core.handlers.submitTask({
      operationId: 'unifiedVideo.generate',
      values: await valuesFor(t.core, 'unifiedVideo.generate'),
      extra: {},
    });
    const seenLimited: number[] = [];
    const off = t.core.events.subscribe((event, payload) => {
      if (event === 'taskChanged' && 'rateLimitedUntil' in payload && payload.rateLimitedUntil)
        seenLimited.push(payload.rateLimitedUntil);
    });
    const final = await t.settled(task.id);
    off();
    expect(final.status).toBe('succeeded');
    const polls = sim.log.filter(
      (e) => e.method === 'GET' && e.path === `/v1/video/generations/${final.remoteId}`,
    );
    const limitedIndex = polls.findIndex((e) => e.status === 429);
    expect(limitedIndex).toBeGreaterThanOrEqual(0);
    const next = polls[limitedIndex + 1];
    expect(next).toBeDefined();
    expect((next?.at ?? 0) - (polls[limitedIndex]?.at ?? 0)).toBeGreaterThanOrEqual(990);
    // The renderer was told (a visible "waiting for rate limit" state).
    expect(seenLimited.length).toBeGreaterThan(0);
  });
});

describe('status shapes', () => {
  it('an unknown status before queued and {video_url} results are handled', async () => {
    const { t } = await setup([
      { kind: 'unknownFirst', family: 'gateway' },
      { kind: 'videoUrlObject', family: 'gateway' },
    ]);
    const task = await t.core.handlers.submitTask({
      operationId: 'gateway.text2video',
      values: await valuesFor(t.core, 'gateway.text2video'),
      extra: {},
    });
    const final = await t.settled(task.id);
    expect(final.status, final.error ?? '').toBe('succeeded');
    expect(final.results[0]?.state).toBe('done');
  });

  it('a failed task shows the gateway reason', async () => {
    const { t } = await setup([]);
    const values = await valuesFor(t.core, 'vendor.extend', 'please #fail now');
    const task = await t.core.handlers.submitTask({ operationId: 'vendor.extend', values, extra: {} });
    const final = await t.settled(task.id);
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/fail/i);
  });

  it('400 and 401 on submit reach the caller as typed errors, and the task records the reason', async () => {
    const { sim, t } = await setup([]);
    // A model the gateway does not know (extra fields can no longer override a field of the form: issue 26).
    const values = { ...(await valuesFor(t.core, 'gateway.text2image')), model: 'no-such-model' };
    await expect(
      t.core.handlers.submitTask({ operationId: 'gateway.text2image', values, extra: {} }),
    ).rejects.toMatchObject({ code: 'gateway_bad_request' });
    sim.setFaults([]);
    const failed = (
      await t.core.handlers.listTasks({
        filter: { sort: 'newest', statuses: ['failed'] },
        cursor: null,
        limit: 10,
      })
    ).items[0];
    expect(failed?.error).toMatch(/no-such-model/);
  });
});

describe('shutdown', () => {
  it('stopping while polls and downloads are in flight waits for them, and a restart finishes the tasks', async () => {
    sim = await startSimulator({
      port: 0,
      apiKey: 'k-stop',
      speed: 'fast',
      faults: [{ kind: 'slowBody', on: 'download', delayMs: 20 }],
    });
    const first = await startTestCore(sim);
    const ids: string[] = [];
    for (const op of ['videos.create', 'unifiedImage.generate', 'gateway.text2video'] as const)
      ids.push(
        (
          await first.core.handlers.submitTask({
            operationId: op,
            values: await valuesFor(first.core, op),
            extra: {},
          })
        ).id,
      );
    await new Promise((r) => setTimeout(r, 300));
    await first.close({ keepDir: true }); // must not abort the process (libsql on a closed handle would)
    t = await startTestCore(sim, { dataDir: first.dataDir });
    const finals = await Promise.all(ids.map((id) => t?.settled(id)));
    expect(finals.map((f) => f?.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});
