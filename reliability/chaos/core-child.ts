/**
 * The second chaos run's core, in its own process so it can be SIGKILLed: sets up the chaos profile,
 * prints STARTED, submits `count` tasks at once and keeps working until it is killed.
 */
import { FAST_TUNING } from '../../src/core/engine/tuning';
import { startBenchCore } from '../support/bench-core';
import { submitChaosTask, useChaosProfile } from './workload';

const [dataDir, baseUrl, apiKey, countText, runText] = process.argv.slice(2);
const sim = { baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' };

async function main(): Promise<void> {
  const bench = await startBenchCore(sim, FAST_TUNING, dataDir, (core) => useChaosProfile(core, sim));
  process.stdout.write('STARTED\n');
  const run = Number(runText);
  await Promise.allSettled(
    Array.from({ length: Number(countText) }, (_, i) => submitChaosTask(bench.core, run, i)),
  );
  process.stdout.write('SUBMITTED\n');
}

// The engine's timers are unref'd; this process must stay up until it is killed.
setInterval(() => undefined, 1_000);
void main();
