/**
 * A core in its own process, for the export kill test: exports the given tasks again and again (printing
 * EXPORTING before each) until it is killed.
 */
import { startTestCore } from './core-harness';

const [dataDir, baseUrl, apiKey, idsText] = process.argv.slice(2);

async function main(): Promise<void> {
  const t = await startTestCore({ baseUrl: baseUrl ?? '', apiKey: apiKey ?? '' }, { dataDir: dataDir ?? '' });
  const ids = (idsText ?? '').split(',');
  for (;;) {
    process.stdout.write('EXPORTING\n');
    await t.core.handlers.exportTasks({ ids });
  }
}

setInterval(() => undefined, 1_000);
void main();
