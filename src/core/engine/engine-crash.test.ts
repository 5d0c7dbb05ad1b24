import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { startTestCore } from '../test-support/core-harness';

const SUBMIT_PATHS = ['/open/aigw/gateway/generations', '/v1/videos', '/v1/tasks/generations', '/v1/video/generations', '/vendora/v1/videos/video-extend'];
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('SIGKILL with 20 tasks in flight, then restart: all 20 finish, none lost, none submitted twice', { timeout: 90_000 }, async () => {
  // Slow enough (a fraction of real timings) that the tasks are mid-flight when the process dies.
  const sim = await startSimulator({ port: 0, apiKey: 'crash-key', speed: 0.2 });
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../test-support/engine-child.ts'), dataDir, sim.baseUrl, sim.apiKey, '20'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && ready());
      child.stderr.on('data', (d: Buffer) => process.stderr.write(`child: ${d.toString()}`));
      child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
    });
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    const t = await startTestCore(sim, { dataDir });
    try {
      const page = await t.core.handlers.listTasks({ filter: { sort: 'oldest' }, cursor: null, limit: 100 });
      expect(page.total).toBe(20);
      const finals = await Promise.all(page.items.map((task) => t.settled(task.id, 40_000)));
      expect(finals.map((f) => f.status)).toEqual(Array(20).fill('succeeded'));
      for (const f of finals) for (const r of f.results) expect(r.state).toBe('done');
      const submits = sim.log.filter((e) => e.method === 'POST' && SUBMIT_PATHS.includes(e.path));
      expect(submits).toHaveLength(20);
      expect(new Set(finals.map((f) => f.remoteId)).size).toBe(20);
    } finally {
      await t.close({ keepDir: true });
    }
  } finally {
    await sim.close();
  }
});
