/**
 * Chaos phase 6 (issue 26): batches whose members are deleted while the batch is still being submitted, the
 * app SIGKILLed, restarted (it resumes the open batches, members are deleted again) and SIGKILLed again, then
 * started once more to finish. A deleted member must stay deleted, and no member may reach the gateway twice:
 * submissions are counted per batch in the simulator's log (a tag in each batch's prompt).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import type { Simulator } from '../../src/sim';
import type { TaskSummary } from '../../src/shared/domain/task';
import { startBenchCore } from '../support/bench-core';
import { BATCH_SIZE } from './batch-workload';
import type { PhaseResult } from './fault-phases';
import { allTasks, isSubmission, quietTasks, verifyRun } from './verify';
import { chaosFaults, tagFor, useChaosProfile } from './workload';

const SETTLE_MS = 120_000;
const DELETE_SHARE = 0.5;
const tagOf = (t: TaskSummary): string | null => /\[chaos-\d+-\d+\]/.exec(t.prompt)?.[0] ?? null;

interface Deletes {
  /** Member id → batch tag, for deletions the app confirmed. */
  confirmed: Map<string, string>;
  /** Asked for, not confirmed before the kill: either outcome is fine. */
  asked: Map<string, string>;
}

/**
 * One life of the app: deletes a share of the members it sends; SIGKILLed `killAfterMs` after it started, or
 * once it confirmed two deletions, whichever is later.
 */
async function oneLife(sim: Simulator, dir: string, mode: 'submit' | 'resume', batches: number, run: number, deletes: Deletes, killAfterMs: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'batch-child.ts'), dir, sim.baseUrl, sim.apiKey, mode, String(batches), String(run)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let sent = 0;
  let buffer = '';
  let started = false;
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'STARTED') started = true;
      const [word, id, tag] = line.split(' ');
      if (word === 'SENT' && id && tag) {
        sent++;
        if (Math.random() < DELETE_SHARE) {
          deletes.asked.set(id, tag);
          setTimeout(() => child.stdin.write(`DELETE ${id}\n`, () => undefined), Math.floor(Math.random() * 100));
        }
      }
      if (word === 'DELETED' && id) deletes.confirmed.set(id, deletes.asked.get(id) ?? '-');
    }
  });
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`batch child: ${d.toString()}`));
  const giveUp = Date.now() + 60_000;
  while (!started) {
    if (child.exitCode !== null || Date.now() > giveUp) throw new Error('the batch child never started');
    await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, killAfterMs));
  // A kill before anything was deleted in this life would test little: wait (up to 20 s) for two deletions.
  const confirmedBefore = deletes.confirmed.size;
  const waitUntil = Date.now() + 20_000;
  while (deletes.confirmed.size - confirmedBefore < 2 && child.exitCode === null && Date.now() < waitUntil)
    await new Promise((r) => setTimeout(r, 20));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  for (const id of deletes.confirmed.keys()) deletes.asked.delete(id);
  return sent;
}

export async function batchDeleteRun(sim: Simulator, batches: number, run = 6): Promise<PhaseResult> {
  sim.clearLog();
  // Slow submit answers, so deletes and kills land while members are still being sent.
  sim.setFaults([...chaosFaults(0.2), { kind: 'slowBody', on: 'submit', delayMs: 300 }]);
  const dir = mkdtempSync(join(tmpdir(), 'atelier-chaos-batch-'));
  const deletes: Deletes = { confirmed: new Map(), asked: new Map() };
  const tags = Array.from({ length: batches }, (_, b) => tagFor(run, b));
  try {
    const kill1 = 1_500 + Math.floor(Math.random() * 1_500);
    const sent1 = await oneLife(sim, dir, 'submit', batches, run, deletes, kill1);
    const kill2 = 800 + Math.floor(Math.random() * 1_200);
    const sent2 = await oneLife(sim, dir, 'resume', batches, run, deletes, kill2);
    sim.setFaults(chaosFaults(0.2));
    const bench = await startBenchCore(sim, FAST_TUNING, dir, (core) => useChaosProfile(core, sim, false));
    try {
      const { core } = bench;
      // Never sent before a kill: "not sent"; the user sends each with one click, as in run 2.
      const notSent = (await allTasks(core)).filter((t) => t.status === 'unknown' && t.rawStatus === 'not sent');
      for (const t of notSent) await core.handlers.checkTask({ id: t.id }).catch(() => undefined);
      const openBatches = () => (core.store.db.prepare('SELECT count(*) AS n FROM batches WHERE open = 1').get() as { n: number }).n;
      const until = Date.now() + SETTLE_MS;
      while (openBatches() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const finals = await quietTasks(core, SETTLE_MS);
      const members = finals.filter((t) => t.batchId !== null);
      const v = verifyRun(core, sim, members, [], tagOf);
      const sizes = new Map(
        (core.store.db.prepare('SELECT id, size FROM batches').all() as { id: string; size: number }[]).map((r) => [r.id, r.size]),
      );
      const existing = new Set(members.map((m) => m.id));
      let cameBack = 0;
      for (const tag of tags) {
        const posts = sim.log.filter((e) => isSubmission(e) && JSON.stringify(e.json ?? e.form ?? '').includes(tag)).length;
        const own = members.filter((m) => tagOf(m) === tag);
        const confirmed = [...deletes.confirmed].filter(([, t]) => t === tag).map(([id]) => id);
        const askedGone = [...deletes.asked].filter(([id, t]) => t === tag && !existing.has(id)).length;
        const back = confirmed.filter((id) => existing.has(id)).length;
        cameBack += back;
        const batchId = own[0]?.batchId ?? confirmed[0]?.replace(/_\d+$/, '') ?? null;
        const size = batchId ? (sizes.get(batchId) ?? BATCH_SIZE) : 0;
        const extra = Math.max(posts - size, back, 0);
        if (extra > 0) {
          v.duplicateSubmissions += extra;
          v.lostDetail.push(`${tag}: ${posts} submissions for ${size} members, ${back} deleted member(s) came back`);
        }
        const missing = size - own.length - confirmed.length - askedGone;
        if (missing > 0) {
          v.lost += missing;
          v.lostDetail.push(`${tag}: ${missing} of ${size} members neither exist nor were deleted`);
        }
      }
      return {
        verdict: v,
        acceptedUnknown: 0,
        notes: {
          batches: `${batches} × ${BATCH_SIZE}`,
          'SIGKILL 1 (≥ ms after start), members sent before it': `${kill1}, ${sent1}`,
          'SIGKILL 2 (≥ ms after restart), members sent in that life': `${kill2}, ${sent2}`,
          'members deleted (confirmed / asked, unconfirmed at the kill)': `${deletes.confirmed.size} / ${deletes.asked.size}`,
          'deleted members that came back': cameBack,
          'members left': members.length,
          'interrupted mid-submission (unknown, not resubmitted)': v.interruptedUnknown,
        },
      };
    } finally {
      await bench.core.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
