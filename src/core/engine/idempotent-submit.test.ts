import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';

let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'test-key', speed: 'instant' });
  t = await startTestCore(sim);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const posts = () =>
  sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations').length;
const submit = (prompt: string, idempotencyKey?: string) =>
  t.core.handlers.submitTask({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
    extra: {},
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

describe('one intent, one submission (idempotency key per Generate press)', () => {
  it('two concurrent calls with the same key make one task and one gateway request', async () => {
    const before = posts();
    const [a, b] = await Promise.all([
      submit('a double-clicked lighthouse', 'intent-0001'),
      submit('a double-clicked lighthouse', 'intent-0001'),
    ]);
    expect(b.id).toBe(a.id);
    await t.settled(a.id);
    expect(posts() - before).toBe(1);
    const page = await t.core.handlers.listTasks({
      filter: { sort: 'newest', search: 'double-clicked' },
      cursor: null,
      limit: 10,
    });
    expect(page.total).toBe(1);
  });

  it('a key repeated after the answer still returns the first task', async () => {
    const first = await submit('a retried bridge call', 'intent-0002');
    await t.settled(first.id);
    const before = posts();
    const again = await submit('a retried bridge call', 'intent-0002');
    expect(again.id).toBe(first.id);
    expect(posts()).toBe(before);
  });

  it('different keys (two intents) are two tasks', async () => {
    const before = posts();
    const [a, b] = await Promise.all([
      submit('two wishes', 'intent-0003'),
      submit('two wishes', 'intent-0004'),
    ]);
    expect(b.id).not.toBe(a.id);
    await Promise.all([t.settled(a.id), t.settled(b.id)]);
    expect(posts() - before).toBe(2);
  });
});
