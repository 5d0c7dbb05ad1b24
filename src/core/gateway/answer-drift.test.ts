import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimFault, type Simulator } from '../../sim';
import { valuesFor } from '../engine/operation-values.test-support';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import type { OperationId } from '../../shared/operations/ids';

let sim: Simulator | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

async function run(faults: SimFault[], op: OperationId, values: (v: Record<string, unknown>) => Record<string, unknown> = (v) => v) {
  sim = await startSimulator({ port: 0, apiKey: 'drift-key', speed: 'instant', faults });
  t = await startTestCore(sim);
  const task = await t.core.handlers.submitTask({ operationId: op, values: values(await valuesFor(t.core, op, `drift ${op}`)), extra: {} });
  const final = await t.settled(task.id);
  const files = sim.log.filter((e) => e.method === 'GET' && e.family === 'files');
  return { final, files };
}

/**
 * Issue 26, "two classes of gateway answer still misread", end to end over real HTTP: the simulator's
 * drift modes answer in each shape, the engine must end with one result per file the gateway made.
 */
describe('the same result URL in two places is one result', () => {
  it('unified video: result_url and the upstream task object name the same file (spelled differently)', async () => {
    const { final, files } = await run([{ kind: 'resultUrlTwice' }], 'unifiedVideo.generate');
    expect(final.status).toBe('succeeded');
    expect(final.results).toHaveLength(1);
    expect(final.results[0]?.state).toBe('done');
    expect(files).toHaveLength(1); // downloaded once
  });

  it('unified video without the drift: new-api passes the upstream object along with the same URL', async () => {
    const { final, files } = await run([], 'unifiedVideo.generate');
    expect(final.results).toHaveLength(1);
    expect(files).toHaveLength(1);
  });

  it('unified image ×2: result_url plus task_result.images name the same two files', async () => {
    const { final, files } = await run([{ kind: 'resultUrlTwice' }], 'unifiedImage.generate', (v) => ({ ...v, n: 2 }));
    expect(final.status).toBe('succeeded');
    expect(final.results).toHaveLength(2);
    expect(final.results.every((r) => r.state === 'done')).toBe(true);
    expect(files).toHaveLength(2);
  });
});

describe("Kling's task object in unified image answers", () => {
  it('status "succeed" with URLs only in data.task_result.images[].url: succeeded with its files', async () => {
    const { final, files } = await run([{ kind: 'klingTaskObject' }], 'unifiedImage.generate', (v) => ({ ...v, n: 2 }));
    expect(final.error).toBeNull();
    expect(final.status).toBe('succeeded');
    expect(final.rawStatus).toBe('succeed');
    expect(final.results).toHaveLength(2);
    expect(files).toHaveLength(2);
  });

  it('and both drifts at once', async () => {
    const { final, files } = await run([{ kind: 'klingTaskObject' }, { kind: 'resultUrlTwice' }], 'unifiedImage.generate');
    expect(final.status).toBe('succeeded');
    expect(final.results).toHaveLength(1);
    expect(files).toHaveLength(1);
  });

  it('a failed Kling task object carries its reason', async () => {
    const { final } = await run([{ kind: 'klingTaskObject' }], 'unifiedImage.generate', (v) => ({ ...v, prompt: 'bad #fail' }));
    expect(final.status).toBe('failed');
    expect(final.error).toContain('#fail');
  });
});
