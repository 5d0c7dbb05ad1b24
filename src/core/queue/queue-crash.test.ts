import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { startTestCore } from '../test-support/core-harness';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * SIGKILL mid-queue, then restart on the same database (issue 30): the tasks that were waiting stay waiting
 * and are sent after the restart, and from the simulator's log each task reached the gateway as a task
 * exactly once (a task that was on the wire at the kill follows the `unknown` rules: at most once).
 * Submissions answer slowly, so a later kill lands while the next tasks are being sent.
 */
for (const delayMs of [0, 450]) {
  it(`SIGKILL ${delayMs} ms after two of eight are running, then restart: each task sent once`, { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-queue-crash-'));
    dataDirs.push(dataDir);
    const sim = await startSimulator({ port: 0, apiKey: 'crash-key', speed: 'fast', parallelLimit: 2, faults: [{ kind: 'slowBody', on: 'submit', delayMs: 200 }] });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../test-support/queue-child.ts'), dataDir, sim.baseUrl, sim.apiKey], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ids = await new Promise<string[]>((ready, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          const m = /READY (\S+)/.exec(d.toString());
          if (m?.[1]) ready(m[1].split(','));
        });
        child.stderr.on('data', (d: Buffer) => process.stderr.write(`child: ${d.toString()}`));
        child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, delayMs));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      expect(child.signalCode).toBe('SIGKILL');
      const submits = () => sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations');
      const acceptedBefore = submits().filter((e) => e.status === 200 && !e.refusal).length;
      expect(acceptedBefore).toBeLessThan(8); // the kill really landed mid-queue
      sim.setFaults([]);

      const t = await startTestCore(sim, { dataDir });
      try {
        const deadline = Date.now() + 40_000;
        const done = (id: string) => {
          const m = t.core.store.get(id);
          return m?.status === 'unknown' || (m?.status === 'succeeded' && m.results.every((r) => r.state === 'done'));
        };
        while (!ids.every(done) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const finals = ids.map((id) => t.core.store.get(id));
        const accepted = submits().filter((e) => e.status === 200 && !e.refusal && e.json);
        const perPrompt = (p: string) => accepted.filter((e) => (e.json as { prompt: string }).prompt === p).length;
        for (const [i, task] of finals.entries()) {
          // Never twice; once for every task that succeeded.
          expect(perPrompt(`k${i}`), `k${i}`).toBeLessThanOrEqual(1);
          if (task?.status === 'succeeded') expect(perPrompt(`k${i}`), `k${i}`).toBe(1);
        }
        // Only a task on the wire at the kill may be unknown; the waiting ones were sent after the restart.
        const unknown = finals.filter((f) => f?.status === 'unknown');
        expect(unknown.length).toBeLessThanOrEqual(2); // at most the two slots were on the wire
        expect(finals.filter((f) => f?.status === 'succeeded').length + unknown.length).toBe(8);
        expect(finals.filter((f) => f?.status === 'failed')).toEqual([]);
        expect(sim.parallelFigures().peak).toBeLessThanOrEqual(2);
      } finally {
        await t.close({ keepDir: true });
      }
    } finally {
      await sim.close();
    }
  });
}
