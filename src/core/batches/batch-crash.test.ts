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
 * SIGKILL in the middle of a ×8 batch, then restart on the same database: the batch is finished (the
 * members that were never created are created and sent), and no member reaches the gateway twice. Each
 * submission answers slowly so the kill lands while members are still being sent; the kill delay varies
 * per run, so over the runs it hits before, during and after a member's request.
 */
for (const delayMs of [0, 300]) {
  it(`SIGKILL ${delayMs} ms into a ×8 batch, then restart: 8 members, each submitted at most once`, { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-batch-crash-'));
    dataDirs.push(dataDir);
    const sim = await startSimulator({ port: 0, apiKey: 'crash-key', speed: 'fast', faults: [{ kind: 'slowBody', on: 'submit', delayMs: 200 }] });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../test-support/batch-child.ts'), dataDir, sim.baseUrl, sim.apiKey], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const batchId = await new Promise<string>((ready, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          const m = /READY (\S+)/.exec(d.toString());
          if (m?.[1]) ready(m[1]);
        });
        child.stderr.on('data', (d: Buffer) => process.stderr.write(`child: ${d.toString()}`));
        child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, delayMs));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      expect(child.signalCode).toBe('SIGKILL');
      const sentBeforeKill = sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations').length;
      expect(sentBeforeKill).toBeLessThan(8); // the kill really landed mid-batch
      sim.setFaults([]);

      const t = await startTestCore(sim, { dataDir });
      try {
        const deadline = Date.now() + 60_000; // a loaded machine: the restarted core drains 8 members slowly
        let members = t.core.store.list({ batchId, sort: 'oldest' }, null, 100).items;
        while (members.length < 8 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
          members = t.core.store.list({ batchId, sort: 'oldest' }, null, 100).items;
        }
        expect(members.map((m) => m.id).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `${batchId}_${i}`).sort());
        // A member is done when it succeeded with its file, or is `unknown` (interrupted while being sent).
        const done = (id: string) => {
          const m = t.core.store.get(id);
          return m?.status === 'unknown' || (m?.status === 'succeeded' && m.results.every((r) => r.state === 'done'));
        };
        while (!members.every((m) => done(m.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const finals = members.map((m) => t.core.store.get(m.id) ?? m);
        // A member being sent when the process died is `unknown` (never resent); every other one succeeded.
        const succeeded = finals.filter((f) => f.status === 'succeeded');
        const unknown = finals.filter((f) => f.status === 'unknown');
        expect(succeeded.length + unknown.length).toBe(8);
        const submits = sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations');
        expect(submits.length).toBeLessThanOrEqual(8);
        expect(submits.length).toBeGreaterThanOrEqual(succeeded.length);
        // Each gateway task belongs to one member: no member was sent twice and answered twice.
        expect(new Set(succeeded.map((f) => f.remoteId)).size).toBe(succeeded.length);
        expect(submits.length - succeeded.length).toBeLessThanOrEqual(unknown.length);
      } finally {
        await t.close({ keepDir: true });
      }
    } finally {
      await sim.close();
    }
  });
}
