/**
 * A core in its own process for the poll-bookkeeping crash test: submits N tasks to the given gateway with a
 * bookkeeping flush far in the future (so nothing but state transitions reaches the file), prints READY once
 * every task has its gateway id, then keeps polling until it is killed.
 */
import { startTestCore } from './core-harness';
import { valuesFor } from '../engine/operation-values.test-support';
import type { OperationId } from '../../shared/operations/ids';

const [dataDir, baseUrl, apiKey, countText] = process.argv.slice(2);
const OPS: OperationId[] = ['gateway.text2image', 'videos.create', 'unifiedImage.generate'];

async function main(): Promise<void> {
  const t = await startTestCore(
    { baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' },
    { dataDir: dataDir ?? '', tuning: { bookFlushMs: 10 * 60_000 } },
  );
  const ids: string[] = [];
  for (let i = 0; i < Number(countText); i++) {
    const op = OPS[i % OPS.length] ?? 'gateway.text2image';
    const values = await valuesFor(t.core, op, `poll book ${i}`);
    ids.push((await t.core.handlers.submitTask({ operationId: op, values, extra: {} })).id);
  }
  const ready = setInterval(() => {
    if (ids.every((id) => t.core.store.get(id)?.remoteId)) {
      clearInterval(ready);
      process.stdout.write('READY\n');
    }
  }, 10);
}

// The engine's timers are unref'd (they never keep a host alive on their own); this process must stay up.
setInterval(() => undefined, 1_000);
void main();
