/**
 * A core in its own process, for the queue crash test: sets a slot limit of 2, submits eight single tasks
 * (prompts k0…k7, so the simulator's log names each), prints READY once two have their gateway ids (the
 * other six wait in the queue), then keeps working until it is killed.
 */
import { startTestCore } from './core-harness';

const [dataDir, baseUrl, apiKey] = process.argv.slice(2);

async function main(): Promise<void> {
  const t = await startTestCore({ baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' }, { dataDir: dataDir ?? '' });
  const { profileId } = await t.core.handlers.getConnection({});
  await t.core.handlers.setQueueLimit({ profileId, limit: 2 });
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) {
    const task = await t.core.handlers.submitTask({
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: `k${i}`, aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    ids.push(task.id);
  }
  const poll = setInterval(() => {
    if (ids.filter((id) => t.core.store.get(id)?.remoteId).length >= 2) {
      clearInterval(poll);
      process.stdout.write(`READY ${ids.join(',')}\n`);
    }
  }, 5);
}

// The engine's timers are unref'd (they never keep a host alive on their own); this process must stay up.
setInterval(() => undefined, 1_000);
void main();
