/**
 * A core in its own process, for the batch delete-and-kill test. `submit`: sends one ×8 batch and prints
 * `BATCH <id>`; `resume <batchId>`: only starts (core resumes the open batch). Either way it prints
 * `SENT <taskId>` once per member that has its gateway id, deletes a task on `DELETE <taskId>` from stdin
 * (through the bridge handler, as the gallery does) and prints `DELETED <taskId>`, and on SIGTERM stops the
 * core cleanly and exits 0. A SIGKILL it cannot see.
 */
import { createInterface } from 'node:readline';
import { startTestCore } from './core-harness';

const [dataDir, baseUrl, apiKey, mode, resumeBatch] = process.argv.slice(2);

async function main(): Promise<void> {
  const t = await startTestCore({ baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' }, { dataDir: dataDir ?? '' });
  process.on('SIGTERM', () => {
    void t.close({ keepDir: true }).finally(() => process.exit(0));
  });
  createInterface({ input: process.stdin }).on('line', (line) => {
    const m = /^DELETE (\S+)$/.exec(line.trim());
    if (!m?.[1]) return;
    const id = m[1];
    void t.core.handlers.deleteTask({ id, deleteFiles: true }).then(
      () => process.stdout.write(`DELETED ${id}\n`),
      (e: unknown) => process.stdout.write(`DELETE-FAILED ${id} ${e instanceof Error ? e.message : String(e)}\n`),
    );
  });
  let batchId = resumeBatch ?? '';
  const announced = new Set<string>();
  const watch = setInterval(() => {
    if (!batchId) return;
    for (const m of t.core.store.list({ batchId, sort: 'oldest' }, null, 100).items) {
      if (m.remoteId && !announced.has(m.id)) {
        announced.add(m.id);
        process.stdout.write(`SENT ${m.id}\n`);
      }
    }
  }, 5);
  watch.unref();
  if (mode === 'submit') {
    // The first member's answer takes as long as the gateway does; the others follow in the background.
    const submitted = t.core.handlers.submitBatch({
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'eight lanterns, one deleted', aspect_ratio: '1:1', n: 1 },
      extra: {},
      count: 8,
      models: null,
    });
    // The batch id is known as soon as its row is written; read it from the store rather than wait.
    const early = setInterval(() => {
      const row = t.core.store.db.prepare('SELECT id FROM batches ORDER BY created_at DESC LIMIT 1').get() as { id: string } | undefined;
      if (row && !batchId) {
        batchId = row.id;
        process.stdout.write(`BATCH ${batchId}\n`);
        clearInterval(early);
      }
    }, 5);
    await submitted.catch((e: unknown) => process.stderr.write(`submitBatch failed: ${String(e)}\n`));
  }
}

// The engine's timers are unref'd (they never keep a host alive on their own); this process must stay up.
setInterval(() => undefined, 1_000);
void main();
