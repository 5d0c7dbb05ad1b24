import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { startTestCore } from '../test-support/core-harness';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SUBMIT_PATH = '/open/aigw/gateway/generations';
const submits = (sim: Simulator): number => sim.log.filter((e) => e.method === 'POST' && e.path === SUBMIT_PATH).length;

/** The app in a child process (src/core/test-support/batch-delete-child.ts), its stdout read line by line. */
function startApp(dataDir: string, sim: Simulator, mode: 'submit' | 'resume', batchId = '') {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, '../test-support/batch-delete-child.ts'), dataDir, sim.baseUrl, sim.apiKey, mode, batchId],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; done: (l: string) => void }[] = [];
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (!w.test(line)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.done(line);
      }
    }
  });
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`app: ${d.toString()}`));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    /** The first line (already printed or to come) that passes `test`. */
    line(test: (l: string) => boolean, timeoutMs = 30_000): Promise<string> {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no such line from the app; it printed: ${lines.join(' | ')}`)), timeoutMs);
        waiters.push({
          test,
          done: (l) => {
            clearTimeout(timer);
            done(l);
          },
        });
        void exited.then(() => fail(new Error(`the app exited; it printed: ${lines.join(' | ')}`)));
      });
    },
    send: (text: string) => child.stdin.write(`${text}\n`),
    async kill(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
      child.kill(signal);
      await exited;
      if (signal === 'SIGKILL') expect(child.signalCode).toBe('SIGKILL');
      else expect(child.exitCode).toBe(0); // stopped cleanly by its SIGTERM handler
    },
  };
}

/**
 * Issue 26 item 2: a ×8 batch against a gateway that answers each submission after 1.5 s. A member that was
 * sent is deleted, then the app is stopped (SIGTERM: clean stop; SIGKILL: crash), restarted, another freshly
 * sent member is deleted, the app is stopped the other way, and started once more to finish. Every
 * submission is counted in the simulator's log: a deleted member stays deleted, nothing is sent twice.
 */
for (const first of ['SIGTERM', 'SIGKILL'] as const) {
  const second = first === 'SIGTERM' ? 'SIGKILL' : 'SIGTERM';
  it(`delete a sent member, ${first}, restart, delete another, ${second}, restart: 8 members sent at most once, deleted ones stay deleted`, { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-batch-delete-'));
    dataDirs.push(dataDir);
    const sim = await startSimulator({ port: 0, apiKey: 'delete-key', speed: 'fast', faults: [{ kind: 'slowBody', on: 'submit', delayMs: 1_500 }] });
    try {
      const deleted: string[] = [];
      // Run 1: member _0 is sent (its answer took 1.5 s; _1 is on its way), deleted, and the app stopped.
      const app1 = startApp(dataDir, sim, 'submit');
      const batchId = (await app1.line((l) => l.startsWith('BATCH '))).slice(6);
      await app1.line((l) => l === `SENT ${batchId}_0`);
      app1.send(`DELETE ${batchId}_0`);
      await app1.line((l) => l === `DELETED ${batchId}_0`);
      deleted.push(`${batchId}_0`);
      await app1.kill(first);
      const afterRun1 = submits(sim);
      expect(afterRun1).toBeLessThan(8); // stopped mid-batch

      // Run 2: the restarted app resumes the batch; once it has sent again, a sent member (not _0 or _1, the
      // ones run 1 was sending) is deleted, then the app stops the other way.
      const app2 = startApp(dataDir, sim, 'resume', batchId);
      const before = new Set(Array.from({ length: 8 }, (_, i) => `${batchId}_${i}`).filter((id) => id !== `${batchId}_0`));
      const sentLine = await app2.line((l) => {
        const id = l.startsWith('SENT ') ? l.slice(5) : '';
        return id !== '' && submits(sim) > afterRun1 && before.has(id) && !l.endsWith('_1');
      });
      const second_ = sentLine.slice(5);
      app2.send(`DELETE ${second_}`);
      await app2.line((l) => l === `DELETED ${second_}`);
      deleted.push(second_);
      await app2.kill(second);
      expect(submits(sim)).toBeLessThanOrEqual(8);

      // Run 3, in this process: the batch is finished; nothing deleted comes back, nothing is sent twice.
      sim.setFaults([]);
      const t = await startTestCore(sim, { dataDir });
      try {
        const open = () => (t.core.store.db.prepare('SELECT open FROM batches WHERE id = ?').get(batchId) as { open: number } | undefined)?.open;
        const deadline = Date.now() + 40_000;
        while (open() === 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 300)); // a wrongly re-created member would be on its way by now
        expect(open()).not.toBe(1);
        const members = t.core.store.list({ batchId, sort: 'oldest' }, null, 100).items.map((m) => m.id);
        for (const id of deleted) expect(members).not.toContain(id);
        expect(members.length + deleted.length).toBe(8);
        expect(submits(sim)).toBeLessThanOrEqual(8);
        // Each submission the gateway accepted belongs to one member: the distinct prompts/ids add up.
        const remoteIds = members.flatMap((id) => t.core.store.get(id)?.remoteId ?? []);
        expect(new Set(remoteIds).size).toBe(remoteIds.length);
      } finally {
        await t.close({ keepDir: true });
      }
    } finally {
      await sim.close();
    }
  });
}
