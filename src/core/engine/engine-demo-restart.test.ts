import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';

const sims: Simulator[] = [];
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  for (const s of sims.splice(0)) await s.close();
  t = null;
});

describe('the demo gateway after a restart', () => {
  it('a demo task it no longer knows ends failed with a plain reason, never stuck queued', async () => {
    // Real timings: the task is still running when everything stops.
    const first = await startSimulator({ port: 0, apiKey: 'demo-key', speed: 'real' });
    sims.push(first);
    t = await startTestCore(first);
    const task = await t.core.handlers.submitTask({
      operationId: 'unifiedImage.generate',
      values: await valuesFor(t.core, 'unifiedImage.generate'),
      extra: {},
    });
    expect(task.demo).toBe(true);
    expect(task.remoteId).toBeTruthy();
    const dataDir = t.dataDir;
    await t.close({ keepDir: true });
    await first.close();
    // The demo gateway comes back on another port with empty memory.
    const second = await startSimulator({ port: 0, apiKey: 'demo-key', speed: 'fast' });
    sims.push(second);
    t = await startTestCore(second, { dataDir });
    const final = await t.settled(task.id);
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/demo gateway was restarted/);
  });
});
