/**
 * Chaos phase 6's app, in its own process so it can be SIGKILLed. `submit`: sends `count` ×8 batches at once
 * (operation i of BATCH_OPS, prompt tagged per batch); `resume`: only starts (core finishes the open
 * batches). Either way it prints `SENT <taskId> <batch tag>` once per batch member with a gateway id, deletes a task on
 * `DELETE <taskId>` from stdin through the bridge handler (as the gallery does) and prints `DELETED <taskId>`.
 */
import { createInterface } from 'node:readline';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import { startBenchCore } from '../support/bench-core';
import { submitChaosBatch } from './batch-workload';
import { useChaosProfile } from './workload';

const [dataDir, baseUrl, apiKey, mode, countText, runText] = process.argv.slice(2);
const sim = { baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' };

async function main(): Promise<void> {
  const bench = await startBenchCore(sim, FAST_TUNING, dataDir, (core) => useChaosProfile(core, sim, mode === 'submit'));
  const { core } = bench;
  createInterface({ input: process.stdin }).on('line', (line) => {
    const id = /^DELETE (\S+)$/.exec(line.trim())?.[1];
    if (!id) return;
    void core.handlers.deleteTask({ id, deleteFiles: true }).then(
      () => process.stdout.write(`DELETED ${id}\n`),
      () => process.stdout.write(`DELETE-FAILED ${id}\n`),
    );
  });
  const announced = new Set<string>();
  core.events.subscribe((event, payload) => {
    if (event !== 'taskChanged') return;
    const t = payload as { id: string; remoteId: string | null; batchId: string | null; prompt: string };
    if (!t.batchId || !t.remoteId || announced.has(t.id)) return;
    announced.add(t.id);
    process.stdout.write(`SENT ${t.id} ${/\[chaos-\d+-\d+\]/.exec(t.prompt)?.[0] ?? '-'}\n`);
  });
  process.stdout.write('STARTED\n');
  if (mode === 'submit') {
    const run = Number(runText);
    await Promise.allSettled(Array.from({ length: Number(countText) }, (_, b) => submitChaosBatch(core, run, b)));
  }
}

// The engine's timers are unref'd; this process must stay up until it is killed.
setInterval(() => undefined, 1_000);
void main();
