/**
 * Worker thread entry: reads one file's Atelier settings off the main thread and posts the outcome (see
 * off-thread.ts). Bundled as its own entry for Electron (electron.vite.config.ts), run from source by tsx
 * in web mode and tests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isDamagedSettings } from './damaged';
import { readSettingsFromFile } from './read-file';
import { workerJobSchema, type WorkerOutcome } from './worker-protocol';

const job = workerJobSchema.parse(workerData);
const post = (m: WorkerOutcome): void => parentPort?.postMessage(m);
readSettingsFromFile(job.path).then(
  (provenance) => post(provenance ? { kind: 'found', provenance } : { kind: 'none' }),
  (e: unknown) =>
    post(
      isDamagedSettings(e)
        ? { kind: 'damaged', reason: e.reason }
        : { kind: 'failed', message: e instanceof Error ? e.message : String(e) },
    ),
);
