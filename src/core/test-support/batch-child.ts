/**
 * A core in its own process, for the batch crash test: submits one ×8 batch to the given gateway, prints
 * READY once the first member has its gateway id (the others are still being sent), then keeps working
 * until it is killed.
 */
import { startTestCore } from './core-harness';

const [dataDir, baseUrl, apiKey] = process.argv.slice(2);

async function main(): Promise<void> {
  const t = await startTestCore({ baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' }, { dataDir: dataDir ?? '' });
  const { batchId, first } = await t.core.handlers.submitBatch({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: 'eight lanterns', aspect_ratio: '1:1', n: 1 },
    extra: {},
    count: 8,
    models: null,
  });
  const poll = setInterval(() => {
    if (t.core.store.get(first.id)?.remoteId) {
      clearInterval(poll);
      process.stdout.write(`READY ${batchId}\n`);
    }
  }, 5);
}

// The engine's timers are unref'd (they never keep a host alive on their own); this process must stay up.
setInterval(() => undefined, 1_000);
void main();
