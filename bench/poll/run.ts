/**
 * Poll bench: N concurrent tasks of mixed durations against the simulator, Atelier's engine vs a naive
 * fixed-interval poller, side by side in one run.
 *
 *   npx tsx bench/poll/run.ts [--tasks 1000] [--speed 1] [--only engine|naive]
 *
 * The simulator runs in a child process (so the CPU time and RSS measured are the client's alone) at
 * `speed` × real timings (images 8 s, videos 20 s at speed 1). Every engine timing of DEFAULT_TUNING and
 * the naive interval (2 s) is multiplied by the same factor, so the client/server time ratios are the
 * real ones; at the default speed 1 nothing is scaled. Requests are counted from the simulator's log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { nextPollDelay } from '../../src/core/engine/poll-schedule';
import { DEFAULT_TUNING, type EngineTuning } from '../../src/core/engine/tuning';
import { startBenchCore } from '../../reliability/support/bench-core';
import { machineLine, printBenchResult, printTable, rssSampler } from '../../reliability/support/report';
import { startSimProcess } from '../../reliability/support/sim-process';
import type { CompactLogEntry } from '../../reliability/support/sim-rpc';
import { naiveTask } from './naive-poller';
import { opFor, valuesFor } from './workload';

const { values: cli } = parseArgs({
  options: {
    tasks: { type: 'string', default: '1000' },
    speed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const TASKS = Number(cli.tasks);
const SPEED = Number(cli.speed);
const NAIVE_INTERVAL_MS = 2_000 * SPEED;

/** DEFAULT_TUNING with every duration scaled to the simulator's speed (the submit wait is a UI timing). */
function scaledTuning(f: number): EngineTuning {
  const d = DEFAULT_TUNING;
  return {
    ...d,
    pollBaseMs: d.pollBaseMs * f,
    pollMaxImageMs: d.pollMaxImageMs * f,
    pollMaxVideoMs: d.pollMaxVideoMs * f,
    horizonImageMs: d.horizonImageMs * f,
    horizonVideoMs: d.horizonVideoMs * f,
    idleTickMs: d.idleTickMs * f,
  };
}

interface Measured {
  mode: string;
  succeeded: number;
  failed: number;
  wallS: number;
  cpuS: number;
  /** Of which in the kernel (file system and sockets). */
  sysS: number;
  peakRssMiB: number;
  submits: number;
  polls: number;
  downloads: number;
  total: number;
  /** Mean and p95 of (first seen finished − simulator's finish time), over completed tasks (s). */
  detectMeanS: number;
  detectP95S: number;
  /**
   * Engine only: share of its tasks the simulator finished more than 10 % past the duration the gateway
   * published (the expected time the engine recorded at submit). Each needs a second status poll under any
   * plan whose first look is at the published time, so 1 + this share is that plan's floor (issue 31).
   */
  lateShare: number;
}

function classify(log: CompactLogEntry[]): Pick<Measured, 'submits' | 'polls' | 'downloads' | 'total'> {
  const mine = log.filter((e) => e.family !== 'control');
  const downloads = mine.filter((e) => e.family === 'files' || e.path.endsWith('/content')).length;
  const submits = mine.filter((e) => e.method === 'POST').length;
  return { submits, downloads, polls: mine.length - submits - downloads, total: mine.length };
}

async function measure(mode: 'engine' | 'naive'): Promise<Measured> {
  // A fresh simulator per mode with the same seed: both clients see the same fault draws.
  const sim = await startSimProcess({
    apiKey: 'bench-key',
    speed: SPEED,
    seed: 7,
    faults: [{ kind: 'unknownFirst', probability: 0.25 }],
  });
  const dir = mkdtempSync(join(tmpdir(), `atelier-bench-poll-${mode}-`));
  try {
    const bench =
      mode === 'engine' ? await startBenchCore({ ...sim, speed: SPEED }, scaledTuning(SPEED), dir) : null;
    const rss = rssSampler();
    const detected = new Map<string, number>();
    const offDetect = bench?.core.events.subscribe((event, payload) => {
      if (event !== 'taskChanged') return;
      const t = payload as { remoteId: string | null; status: string };
      if (t.remoteId && !detected.has(t.remoteId) && (t.status === 'downloading' || t.status === 'succeeded'))
        detected.set(t.remoteId, Date.now());
    });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let outcomes: ('succeeded' | 'failed')[];
    let planned: { remoteId: string | null; submittedAt: number | null; expectedMs: number | null }[] = [];
    if (bench) {
      const ids = await Promise.all(
        Array.from(
          { length: TASKS },
          async (_, i) =>
            (
              await bench.core.handlers.submitTask({
                operationId: opFor(i),
                values: valuesFor(opFor(i), `poll bench ${i}`),
                extra: {},
              })
            ).id,
        ),
      );
      const finals = await bench.waitAll(ids, 20 * 60_000);
      planned = finals;
      outcomes = finals.map((f) =>
        f.status === 'succeeded' && f.results.every((r) => r.state === 'done') ? 'succeeded' : 'failed',
      );
    } else {
      outcomes = await Promise.all(
        Array.from({ length: TASKS }, (_, i) =>
          naiveTask({
            baseUrl: sim.baseUrl,
            apiKey: sim.apiKey,
            op: opFor(i),
            values: valuesFor(opFor(i), `poll bench ${i}`),
            intervalMs: NAIVE_INTERVAL_MS,
            dir,
            tag: String(i),
            onDetected: (remoteId, at) => detected.set(remoteId, at),
          }).catch(() => 'failed' as const),
        ),
      );
    }
    const wallS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const peakRssMiB = rss.stop() / 2 ** 20;
    offDetect?.();
    await bench?.core.stop();
    const counts = classify(await sim.log());
    const finishes = await sim.finishTimes();
    const delays = [...detected].flatMap(([id, at]) =>
      finishes[id] === undefined ? [] : [(at - finishes[id]) / 1000],
    );
    delays.sort((a, b) => a - b);
    const detectMeanS = delays.length ? delays.reduce((a, b) => a + b, 0) / delays.length : NaN;
    const detectP95S = delays[Math.min(delays.length - 1, Math.floor(delays.length * 0.95))] ?? NaN;
    const succeeded = outcomes.filter((o) => o === 'succeeded').length;
    const late = planned.filter((t) => {
      const finish = t.remoteId === null ? undefined : finishes[t.remoteId];
      if (finish === undefined || t.submittedAt === null || !t.expectedMs) return false;
      return finish - t.submittedAt > t.expectedMs * 1.1;
    }).length;
    return {
      mode,
      succeeded,
      failed: TASKS - succeeded,
      wallS,
      cpuS: (cpu.user + cpu.system) / 1e6,
      sysS: cpu.system / 1e6,
      peakRssMiB,
      ...counts,
      detectMeanS,
      detectP95S,
      lateShare: planned.length ? late / planned.length : NaN,
    };
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Polls the engine's schedule (DEFAULT_TUNING, jitter at its mean, no status change) makes before a task of
 * `seconds` is seen finished, vs a fixed 2 s poller: the simulator's 20 s videos are short next to real
 * ones (minutes), where backoff matters most.
 */
function projectedPolls(seconds: number): { engine: number; naive: number } {
  let at = 0;
  let polls = 0;
  while (at < seconds * 1000) {
    at += nextPollDelay(
      { output: 'video', pollCount: polls, serverHintMs: null, callbackExpected: false },
      DEFAULT_TUNING,
      () => 0.5,
    );
    polls++;
  }
  return { engine: polls, naive: Math.ceil(seconds / 2) };
}

async function main(): Promise<void> {
  console.log(
    `poll bench: ${TASKS} concurrent tasks, simulator speed ${SPEED} (images ${8 * SPEED} s, videos ${20 * SPEED} s, 25 % with an extra unknown phase)`,
  );
  console.log(machineLine());
  const modes = (cli.only ? [cli.only] : ['engine', 'naive']) as ('engine' | 'naive')[];
  const rows: Measured[] = [];
  for (const mode of modes) {
    rows.push(await measure(mode));
    const r = rows.at(-1);
    if (r)
      console.log(
        `  ${mode}: ${r.succeeded}/${TASKS} succeeded in ${r.wallS.toFixed(1)} s, ${r.total} requests`,
      );
  }
  const per = (r: Measured, n: number): string => (r.succeeded ? (n / r.succeeded).toFixed(2) : '–');
  const header = `| ${'figure'.padEnd(30)} | ${modes.map((m) => m.padStart(10)).join(' | ')} |`;
  console.log(`\n${header}\n|${'-'.repeat(header.length - 2)}|`);
  const line = (label: string, f: (r: Measured) => string): void =>
    console.log(`| ${label.padEnd(30)} | ${rows.map((r) => f(r).padStart(10)).join(' | ')} |`);
  line('tasks succeeded (files on disk)', (r) => `${r.succeeded}/${TASKS}`);
  line('HTTP requests / completed task', (r) => per(r, r.total));
  line('  of which status polls', (r) => per(r, r.polls));
  line('  submits / downloads', (r) => `${per(r, r.submits)} / ${per(r, r.downloads)}`);
  line('detection delay mean / p95 (s)', (r) => `${r.detectMeanS.toFixed(2)} / ${r.detectP95S.toFixed(2)}`);
  line('late past published time (%)', (r) =>
    Number.isNaN(r.lateShare) ? '–' : (r.lateShare * 100).toFixed(1),
  );
  line('wall time (s)', (r) => r.wallS.toFixed(1));
  line('CPU time (s, user+sys)', (r) => r.cpuS.toFixed(2));
  line('  of which system (s)', (r) => r.sysS.toFixed(2));
  line('CPU ms / task', (r) => ((r.cpuS * 1000) / TASKS).toFixed(2));
  line('peak RSS (MiB)', (r) => r.peakRssMiB.toFixed(0));
  const engine = rows.find((r) => r.mode === 'engine');
  const naive = rows.find((r) => r.mode === 'naive');
  if (engine && naive) {
    const ratios: [string, string][] = [
      [
        'requests per task, engine / naive',
        (engine.total / engine.succeeded / (naive.total / naive.succeeded)).toFixed(2),
      ],
      [
        'polls per task, engine / naive',
        (engine.polls / engine.succeeded / (naive.polls / naive.succeeded)).toFixed(2),
      ],
      ['wall time, engine / naive', (engine.wallS / naive.wallS).toFixed(2)],
      ['CPU time, engine / naive', (engine.cpuS / naive.cpuS).toFixed(2)],
      [
        'polls floor, first look at the published time',
        `${(1 + engine.lateShare).toFixed(2)} (1 + the share finishing late)`,
      ],
    ];
    const p3 = projectedPolls(180);
    const p10 = projectedPolls(600);
    ratios.push(
      ['projected polls, 3 min video (engine vs 2 s)', `${p3.engine} vs ${p3.naive}`],
      ['projected polls, 10 min video (engine vs 2 s)', `${p10.engine} vs ${p10.naive}`],
    );
    printTable('ratios', ratios);
    printBenchResult('poll', {
      tasks: TASKS,
      speed: SPEED,
      engineReqPerTask: +(engine.total / engine.succeeded).toFixed(2),
      naiveReqPerTask: +(naive.total / naive.succeeded).toFixed(2),
      enginePollsPerTask: +(engine.polls / engine.succeeded).toFixed(2),
      naivePollsPerTask: +(naive.polls / naive.succeeded).toFixed(2),
      engineWallS: +engine.wallS.toFixed(1),
      naiveWallS: +naive.wallS.toFixed(1),
      engineCpuS: +engine.cpuS.toFixed(2),
      engineDetectMeanS: +engine.detectMeanS.toFixed(2),
      naiveDetectMeanS: +naive.detectMeanS.toFixed(2),
      engineDetectP95S: +engine.detectP95S.toFixed(2),
      lateShare: +engine.lateShare.toFixed(3),
      cpuRatio: +(engine.cpuS / naive.cpuS).toFixed(2),
      naiveCpuS: +naive.cpuS.toFixed(2),
      engineSucceeded: engine.succeeded,
      naiveSucceeded: naive.succeeded,
    });
  }
  if (rows.some((r) => r.succeeded < TASKS)) process.exitCode = 1;
}

await main();
