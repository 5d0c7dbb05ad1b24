/**
 * One cold core start over an existing data dir (spawned by bench/store/run.ts, so each start is a fresh
 * process): createCore + start(), timed (the modules are loaded before the timer), then the RSS. Then, from
 * the same zero: when the first screen's call answers (asked right after start, while the tasks at the
 * gateway resume in the background) and when that background work is done (`settled`). Prints
 * `START {json}` and exits.
 */
import { createCore } from '../../src/core/create-core';
import { createMemorySecretStore } from '../../src/core/storage/file-secret-store';
import { createJsonPreferencesStore } from '../../src/core/storage/json-preferences-store';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: start-child.ts <dataDir>');
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const core = createCore({
  dataDir,
  transport: 'web',
  appVersion: 'bench',
  secrets: createMemorySecretStore(),
  preferences: createJsonPreferencesStore(dataDir),
  // Nothing listens here: resumed polls and downloads fail quietly in the background.
  demo: {
    start: async () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: 'bench' }),
    stop: async () => undefined,
  },
});
await core.start();
const ms = performance.now() - t0;
const rssMiB = process.memoryUsage().rss / 2 ** 20;
const rssGrowthMiB = (process.memoryUsage().rss - rss0) / 2 ** 20;
const settled = core.settled().then(() => performance.now() - t0);
await core.handlers.getFirstScreen({ filter: { sort: 'newest', rejected: 'hide' }, limit: 100 });
const firstScreenMs = performance.now() - t0;
const settledMs = await settled;
console.log(
  `START ${JSON.stringify({ ms, rssMiB, rssGrowthMiB, firstScreenMs, settledMs })}`,
);
await core.stop();
process.exit(0);
