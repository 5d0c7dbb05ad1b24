/**
 * Chaos phases 3 and 4 (issue 14): a disk that fills up in the middle of a run, and a garbage write-ahead
 * log found at start. Both check the same things as the other runs (lost, submitted twice, corrupt files)
 * and count the tasks the gateway accepted that ended `unknown` (target 0).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import { mountTinyDisk, TINY_DISK_SKIP } from '../../src/core/test-support/tiny-disk';
import type { Simulator } from '../../src/sim';
import type { TaskSummary } from '../../src/shared/domain/task';
import { startBenchCore } from '../support/bench-core';
import { allTasks, quietTasks, verifyRun, type Verdict } from './verify';
import { submitChaosTask, tagFor, useChaosProfile } from './workload';

export interface PhaseResult {
  verdict: Verdict;
  /** Tasks whose submission the gateway accepted (2xx) that ended `unknown`. */
  acceptedUnknown: number;
  notes: Record<string, string | number>;
}

const SETTLE_MS = 120_000;
const tagOf = (t: TaskSummary): string | null => /\[chaos-\d+-\d+\]/.exec(t.prompt)?.[0] ?? null;

function acceptedUnknown(sim: Simulator, tasks: TaskSummary[], tags: string[]): number {
  const accepted = new Set<string>();
  for (const e of sim.log) {
    if (e.method !== 'POST' || e.family === 'control' || e.status < 200 || e.status >= 300) continue;
    const body = JSON.stringify(e.json ?? e.form ?? '');
    const tag = tags.find((t) => body.includes(t));
    if (tag) accepted.add(tag);
  }
  return tasks.filter((t) => t.status === 'unknown' && accepted.has(tagOf(t) ?? '')).length;
}

/** Phase 3: the data folder is on a small tmpfs; it fills shortly after the first submission, then frees. */
export async function diskFullRun(sim: Simulator, count: number, run = 3): Promise<PhaseResult | string> {
  const disk = mountTinyDisk(96 * 1024);
  if (!disk) return TINY_DISK_SKIP;
  sim.clearLog();
  const dir = join(disk.dir, 'data');
  const bench = await startBenchCore(sim, FAST_TUNING, dir, (core) => useChaosProfile(core, sim));
  const tags = Array.from({ length: count }, (_, i) => tagFor(run, i));
  try {
    let refused = 0;
    const submitting = Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        submitChaosTask(bench.core, run, i).catch((e: unknown) => {
          if (/Disk full/.test(e instanceof Error ? e.message : String(e))) refused++;
          throw e;
        }),
      ),
    );
    while (!sim.log.some((e) => e.method === 'POST' && e.family !== 'control'))
      await new Promise((r) => setTimeout(r, 5));
    const fillAfterMs = Math.floor(Math.random() * 400);
    await new Promise((r) => setTimeout(r, fillAfterMs));
    disk.fill();
    const fullFor = 2_000;
    const requestsBefore = sim.log.length;
    await new Promise((r) => setTimeout(r, fullFor));
    const requestsWhileFull = sim.log.length - requestsBefore;
    const noticed = bench.core.notices.list().some((n) => n.kind === 'disk-full');
    disk.free();
    await submitting;
    const tasks = await allTasks(bench.core);
    await bench
      .waitAll(
        tasks.map((t) => t.id),
        SETTLE_MS,
      )
      .catch((e: unknown) => console.log(`  ${e instanceof Error ? e.message : String(e)}`));
    // Downloads the full disk stopped restart when space returns, possibly after their task first settled.
    const finals = await quietTasks(bench.core, SETTLE_MS);
    return {
      verdict: verifyRun(bench.core, sim, finals, tags, tagOf),
      acceptedUnknown: acceptedUnknown(sim, finals, tags),
      notes: {
        'disk filled (ms after the first submission)': fillAfterMs,
        'gateway requests while full (2 s)': requestsWhileFull,
        'submissions refused "Disk full" (nothing sent)': refused,
        '"Disk full" notice shown': noticed ? 'yes' : 'no',
      },
    };
  } finally {
    await bench.core.stop();
    disk.close();
  }
}

/** Phase 4: a clean run, a clean stop, then garbage written over the WAL; the restart must keep every task. */
export async function corruptWalRun(sim: Simulator, count: number, run = 4): Promise<PhaseResult> {
  sim.clearLog();
  const dir = mkdtempSync(join(tmpdir(), 'atelier-chaos-wal-'));
  const tags = Array.from({ length: count }, (_, i) => tagFor(run, i));
  try {
    const first = await startBenchCore(sim, FAST_TUNING, dir, (core) => useChaosProfile(core, sim));
    await Promise.allSettled(Array.from({ length: count }, (_, i) => submitChaosTask(first.core, run, i)));
    const before = await allTasks(first.core);
    await first
      .waitAll(
        before.map((t) => t.id),
        SETTLE_MS,
      )
      .catch(() => undefined);
    await first.core.stop();
    writeFileSync(join(dir, 'atelier.db-wal'), randomBytes(64 * 1024));
    const second = await startBenchCore(sim, FAST_TUNING, dir, (core) => useChaosProfile(core, sim, false));
    try {
      const after = await allTasks(second.core);
      await second
        .waitAll(
          after.map((t) => t.id),
          SETTLE_MS,
        )
        .catch(() => undefined);
      const finals = await allTasks(second.core);
      const notice = second.core.notices.list().find((n) => n.kind === 'journal-unreadable');
      return {
        verdict: verifyRun(second.core, sim, finals, tags, tagOf),
        acceptedUnknown: acceptedUnknown(sim, finals, tags),
        notes: {
          'tasks before / after the garbage WAL': `${before.length} / ${after.length}`,
          'journal kept aside and notice shown': notice ? 'yes' : 'no',
        },
      };
    } finally {
      await second.core.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
