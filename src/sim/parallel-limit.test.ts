import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { call, startTestSim } from './test-helpers';

const GATEWAY = '/open/aigw/gateway/generations';
const gatewayJob = (prompt: string) => ({ model: 'vendora_3.0_text2image', prompt });

let sim: Simulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

describe('the key parallel limit', () => {
  it('refuses the task gateway over the limit with code 1303 as HTTP 200, and creates nothing', async () => {
    sim = await startTestSim({ parallelLimit: 2, speed: 'real' });
    const first = await call(sim, 'POST', GATEWAY, gatewayJob('one'));
    const second = await call(sim, 'POST', GATEWAY, gatewayJob('two'));
    const third = await call(sim, 'POST', GATEWAY, gatewayJob('three'));
    expect([first.body.code, second.body.code]).toEqual([1000, 1000]);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ code: 1303 });
    expect(String(third.body.message)).toMatch(/parallel task over resource pack limit/);
    expect(third.body.taskNo).toBeUndefined();
    const refused = sim.log.filter((e) => e.refusal === 'parallelLimit');
    expect(refused.map((e) => (e.json as { prompt: string }).prompt)).toEqual(['three']);
    expect(sim.parallelFigures()).toMatchObject({ limit: 2, running: 2, peak: 2, refused: 1 });
  });

  it('refuses the video family over the limit with 429 parallel_limit and Retry-After', async () => {
    sim = await startTestSim({ parallelLimit: 1, speed: 'real' });
    expect((await call(sim, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'a' })).status).toBe(200);
    const over = await call(sim, 'POST', '/v1/videos', { model: 'sora-2', prompt: 'b' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'parallel_limit' });
    expect(over.headers.get('retry-after')).toBe('2');
  });

  it('counts concurrent submissions before they are stored: a burst of 6 gets exactly 2 places', async () => {
    sim = await startTestSim({ parallelLimit: 2, speed: 'real' });
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => call(sim!, 'POST', GATEWAY, gatewayJob(`b${i}`))));
    expect(burst.filter((r) => r.body.code === 1000)).toHaveLength(2);
    expect(burst.filter((r) => r.body.code === 1303)).toHaveLength(4);
    expect(sim.parallelFigures().peak).toBe(2);
  });

  it('admits again once a running task finishes', async () => {
    sim = await startTestSim({ parallelLimit: 1, speed: 'instant' });
    expect((await call(sim, 'POST', GATEWAY, gatewayJob('first'))).body.code).toBe(1000);
    expect((await call(sim, 'POST', GATEWAY, gatewayJob('too soon'))).body.code).toBe(1303);
    await new Promise((r) => setTimeout(r, 400)); // instant image tasks finish within 180 ms
    expect((await call(sim, 'POST', GATEWAY, gatewayJob('after'))).body.code).toBe(1000);
  });

  it('is unlimited by default and can be changed while running (also over the control route)', async () => {
    sim = await startTestSim({ speed: 'real' });
    for (let i = 0; i < 4; i++) expect((await call(sim, 'POST', GATEWAY, gatewayJob(`u${i}`))).body.code).toBe(1000);
    const set = await call(sim, 'POST', '/__sim/parallel-limit', { limit: 4 });
    // The figures start again with the new limit: the peak of 4 came before it.
    expect(set.body).toMatchObject({ limit: 4, running: 4, peak: 0, refused: 0 });
    expect((await call(sim, 'POST', GATEWAY, gatewayJob('over'))).body.code).toBe(1303);
    expect(sim.parallelFigures()).toMatchObject({ peak: 0, refused: 1 });
    expect((await call(sim, 'POST', '/__sim/parallel-limit', { limit: 0 })).status).toBe(400);
    sim.setParallelLimit(null);
    expect((await call(sim, 'POST', GATEWAY, gatewayJob('free'))).body.code).toBe(1000);
  });
});
