/**
 * Chaos phase 7 (issue 30): a gateway whose key runs at most 2 tasks at once (1303 as HTTP 200 on the task
 * gateway and vendor family, 429 parallel_limit on the others), on top of run 2's faults. Atelier starts
 * with no limit, learns it from the first refusal and queues the rest. Checked as the other runs (lost,
 * submitted twice, corrupt files) plus the tasks that ended failed because of the limit (target 0).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import type { Simulator } from '../../src/sim';
import type { TaskSummary } from '../../src/shared/domain/task';
import { startBenchCore } from '../support/bench-core';
import { allTasks, quietTasks, verifyRun } from './verify';
import { submitChaosTask, tagFor, useChaosProfile } from './workload';
import type { PhaseResult } from './fault-phases';

const SETTLE_MS = 180_000;
const LIMIT = 2;
const tagOf = (t: TaskSummary): string | null => /\[chaos-\d+-\d+\]/.exec(t.prompt)?.[0] ?? null;
/** A failure caused by the parallel limit (the refusal's own words), which the queue must turn into waiting. */
const BY_LIMIT = /1303|parallel|parallel_limit/i;

export async function limitedGatewayRun(sim: Simulator, count: number, run = 7): Promise<PhaseResult & { failedByLimit: number }> {
  sim.clearLog();
  sim.setParallelLimit(LIMIT);
  const dir = mkdtempSync(join(tmpdir(), 'atelier-chaos-7-'));
  const bench = await startBenchCore(sim, FAST_TUNING, dir, (core) => useChaosProfile(core, sim));
  const tags = Array.from({ length: count }, (_, i) => tagFor(run, i));
  try {
    const t0 = performance.now();
    await Promise.allSettled(Array.from({ length: count }, (_, i) => submitChaosTask(bench.core, run, i)));
    const quiet = await quietTasks(bench.core, SETTLE_MS);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const verdict = verifyRun(bench.core, sim, quiet, tags, tagOf);
    const failedByLimit = quiet.filter((t) => t.status === 'failed' && BY_LIMIT.test(t.error ?? '')).length;
    const figures = sim.parallelFigures();
    const queue = await bench.core.handlers.getQueue({});
    const learned = queue.profiles.find((p) => p.profileId === 'chaos');
    const stillWaiting = (await allTasks(bench.core)).filter((t) => t.status === 'waiting').length;
    return {
      verdict,
      acceptedUnknown: 0,
      failedByLimit,
      notes: {
        'settled in': `${seconds} s`,
        'gateway parallel limit': LIMIT,
        'refusals by the limit (1303 / 429)': figures.refused,
        'most tasks running at the gateway at once': figures.peak,
        'limit Atelier learned': learned?.limit === null || learned === undefined ? 'none' : `${learned.limit} (${learned.limitSource})`,
        'still waiting at the end': stillWaiting,
        'failed by 1303 / parallel limit': failedByLimit,
      },
    };
  } finally {
    sim.setParallelLimit(null);
    await bench.core.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
