import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/test-support/core-harness';
import { valuesFor } from '../core/engine/operation-values.test-support';
import { DEMO_PORT_FILE, DEMO_STATE_FILE } from '../core/profiles/demo-persistence';
import { createDemoGateway } from './demo-gateway';

// The app's own demo gateway (createDemoGateway, started by core on its remembered port with its saved task
// state), core and the simulator over real HTTP, and a real temp data folder shared by two core lifetimes.
// Speed 0.25 of 'real': a video is queued 1 s and runs 4 s, so it is mid-run when the first core stops.
const SPEED = 0.25;

let dataDir = '';
let t: TestCore | null = null;
let blocker: Server | null = null;
afterEach(async () => {
  await t?.close({ keepDir: true });
  t = null;
  blocker?.close();
  blocker = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const portOf = (url: string): number => Number(new URL(url).port);

/** Submits a demo video on a first core and stops that core while the video is still running. */
async function submitAndStop(): Promise<{
  taskId: string;
  remoteId: string;
  port: number;
  finishAt: number;
}> {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-demo-restart-'));
  const demo = createDemoGateway(SPEED);
  t = await startTestCore(demo, { dataDir });
  const task = await t.core.handlers.submitTask({
    operationId: 'videos.create',
    values: await valuesFor(t.core, 'videos.create'),
    extra: {},
  });
  expect(task.demo).toBe(true);
  const remoteId = task.remoteId ?? '';
  expect(remoteId).not.toBe('');
  const sim = demo.simulator();
  const finishAt = sim?.finishTimes()[remoteId] ?? 0;
  const port = portOf((await t.core.handlers.getConnection({})).baseUrl);
  expect(t.core.store.get(task.id)?.status).not.toBe('succeeded');
  await t.close({ keepDir: true });
  t = null;
  expect(Date.now()).toBeLessThan(finishAt); // stopped mid-run
  return { taskId: task.id, remoteId, port, finishAt };
}

describe('the demo gateway survives restarts', () => {
  it('comes back on the same port with its tasks: a video running at the stop finishes on its original schedule, with its file', async () => {
    const before = await submitAndStop();
    expect(JSON.parse(readFileSync(join(dataDir, DEMO_PORT_FILE), 'utf8'))).toEqual({ port: before.port });
    const demo = createDemoGateway(SPEED);
    t = await startTestCore(demo, { dataDir });
    expect(portOf((await t.core.handlers.getConnection({})).baseUrl)).toBe(before.port);
    const sim = demo.simulator();
    expect(sim?.restoredTasks).toBe(1);
    // Its remaining time counts from its original start, not from the restart.
    expect(sim?.finishTimes()[before.remoteId]).toBe(before.finishAt);
    const final = await t.settled(before.taskId, 30_000);
    expect(final.status).toBe('succeeded');
    const result = final.results[0];
    expect(result?.state).toBe('done');
    expect(existsSync(join(dataDir, 'library', result?.file ?? 'missing'))).toBe(true);
    // The same bytes the simulator serves for that URL now.
    const served = sim?.describeResult(`${sim.baseUrl}/v1/videos/${before.remoteId}/content`);
    expect(served?.size).toBeGreaterThan(0);
    expect(result?.sha256).toBe(served?.sha256);
  }, 60_000);

  it('a damaged state file: kept aside and named in a notice; its tasks end failed with a plain reason, never stuck', async () => {
    const before = await submitAndStop();
    writeFileSync(join(dataDir, DEMO_STATE_FILE), '{"version":1,"tasks":[{"id":');
    const demo = createDemoGateway(SPEED);
    t = await startTestCore(demo, { dataDir });
    await t.core.handlers.getConnection({}); // core starts the demo gateway on first use
    expect(demo.simulator()?.restoredTasks).toBe(0);
    const final = await t.settled(before.taskId, 30_000);
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/demo gateway was restarted and could not restore this task/);
    const notices = await t.core.handlers.listNotices({});
    expect(notices.map((n) => n.message).join('\n')).toMatch(
      /demo-gateway-state\.json: it could not be read at all\. The file was kept as .*demo-gateway-state\.json\.corrupt-/,
    );
    // Still the same gateway on the same port; a new demo task works.
    expect(portOf((await t.core.handlers.getConnection({})).baseUrl)).toBe(before.port);
  }, 60_000);

  it('a remembered port another program took: a new port, remembered; the restored task follows it and finishes', async () => {
    const before = await submitAndStop();
    blocker = createServer();
    await new Promise<void>((resolve, reject) => {
      blocker?.once('error', reject);
      blocker?.listen(before.port, '127.0.0.1', () => resolve());
    });
    const demo = createDemoGateway(SPEED);
    t = await startTestCore(demo, { dataDir });
    const port = portOf((await t.core.handlers.getConnection({})).baseUrl);
    expect(port).not.toBe(before.port);
    expect(JSON.parse(readFileSync(join(dataDir, DEMO_PORT_FILE), 'utf8'))).toEqual({ port });
    const final = await t.settled(before.taskId, 30_000);
    expect(final.status).toBe('succeeded');
    expect(final.results[0]?.state).toBe('done');
  }, 60_000);
  it("a download under way at the stop, and the remembered port taken: it resumes from the demo gateway's new address", async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-demo-restart-'));
    const demo = createDemoGateway('fast');
    t = await startTestCore(demo, { dataDir });
    const port = portOf((await t.core.handlers.getConnection({})).baseUrl);
    // Result bodies crawl (a pause between 64 KiB chunks), so the download is mid-file when core stops.
    demo.simulator()?.setFaults([{ kind: 'slowBody', on: 'download', delayMs: 60_000 }]);
    const task = await t.core.handlers.submitTask({
      operationId: 'unifiedImage.generate',
      values: await valuesFor(t.core, 'unifiedImage.generate'),
      extra: {},
    });
    const core = t.core;
    // Under way: bytes of the file have arrived (a first download is not written as a state of its own).
    const events = t.events;
    await expect
      .poll(() => events.some((e) => e.event === 'downloadProgressed' && (e.payload as { id?: string }).id === task.id), { timeout: 20_000, interval: 50 })
      .toBe(true);
    expect(core.store.get(task.id)?.status).toBe('downloading');
    expect(core.store.get(task.id)?.results[0]?.remoteUrl).toContain(`127.0.0.1:${port}/files/`);
    await t.close({ keepDir: true });
    t = null;
    blocker = createServer();
    await new Promise<void>((resolve, reject) => {
      blocker?.once('error', reject);
      blocker?.listen(port, '127.0.0.1', () => resolve());
    });
    const again = createDemoGateway('fast');
    t = await startTestCore(again, { dataDir });
    expect(portOf((await t.core.handlers.getConnection({})).baseUrl)).not.toBe(port);
    const final = await t.settled(task.id, 30_000);
    expect(final.status).toBe('succeeded');
    expect(final.results[0]?.state).toBe('done');
    expect(final.results[0]?.sha256).toBe(
      again.simulator()?.describeResult(final.results[0]?.remoteUrl ?? '')?.sha256,
    );
  }, 60_000);
});
