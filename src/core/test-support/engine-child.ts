/**
 * A core in its own process, for the crash test: submits N tasks to the given gateway, prints READY once
 * every one has its gateway id, then keeps working until it is killed.
 */
import { startTestCore } from './core-harness';
import { valuesFor } from '../engine/operation-values.test-support';
import type { OperationId } from '../../shared/operations/ids';

const [dataDir, baseUrl, apiKey, countText] = process.argv.slice(2);
const OPS: OperationId[] = ['gateway.text2image', 'videos.create', 'unifiedImage.generate', 'unifiedVideo.generate', 'vendor.extend'];

async function main(): Promise<void> {
  const t = await startTestCore({ baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' }, { dataDir: dataDir ?? '' });
  const count = Number(countText);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const op = OPS[i % OPS.length] ?? 'gateway.text2image';
    const task = await t.core.handlers.submitTask({ operationId: op, values: await valuesFor(t.core, op, `crash test ${i}`), extra: {} });
    ids.push(task.id);
  }
  const poll = setInterval(() => {
    if (ids.every((id) => t.core.store.get(id)?.remoteId)) {
      clearInterval(poll);
      process.stdout.write('READY\n');
    }
  }, 10);
}

// The engine's timers are unref'd (they never keep a host alive on their own); this process must stay up.
setInterval(() => undefined, 1_000);
void main();
