import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Provenance } from '../../shared/domain/library';
import { DamagedSettingsError } from './damaged';
import { readSettingsFromFile } from './read-file';
import { workerOutcomeSchema } from './worker-protocol';

export interface OffThreadOptions {
  /** Files up to this size are read on the calling thread (their reads and parse are bounded and small). */
  mainThreadMaxBytes?: number;
  /** A worker that has not answered by then is stopped: the settings count as damaged ("too slow"). */
  timeoutMs?: number;
  /** Heap a worker may use before it is stopped ("too much memory"). */
  maxHeapMb?: number;
}

export const MAIN_THREAD_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_HEAP_MB = 128;
/** Workers reading at once; later reads wait their turn (a burst of drops never starts a worker each). */
const MAX_WORKERS = 2;

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_WORKERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Starts the settings worker. Bundled (Electron, out/main), this module sits beside the worker's own
 * entry, `settings-worker.js`. From source (tsx in web mode, vitest), the worker is TypeScript: it starts
 * by registering tsx's loader in its own thread, then imports `settings-worker.ts`.
 */
function startWorker(path: string, maxHeapMb: number): Worker {
  const options = { workerData: { path }, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./settings-worker.js', import.meta.url), options);
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const entry = new URL('./settings-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

function inWorker(path: string, timeoutMs: number, maxHeapMb: number): Promise<Provenance | null> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(path, maxHeapMb);
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(new DamagedSettingsError('too-slow'))), timeoutMs);
    worker.on('message', (m: unknown) => {
      const out = workerOutcomeSchema.safeParse(m);
      finish(() => {
        if (!out.success) reject(new Error('the settings reader answered something unexpected'));
        else if (out.data.kind === 'found') resolve(out.data.provenance);
        else if (out.data.kind === 'none') resolve(null);
        else if (out.data.kind === 'damaged') reject(new DamagedSettingsError(out.data.reason));
        else reject(new Error(out.data.message));
      });
    });
    worker.on('error', (e: Error & { code?: string }) =>
      finish(() =>
        reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DamagedSettingsError('too-much-memory') : e),
      ),
    );
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the settings reader stopped (exit code ${code})`))),
    );
  });
}

/**
 * Reads a file's Atelier settings without blocking the calling thread on a large file: small files are
 * read here (bounded), larger ones in a worker thread with a time and a heap limit. Answers the settings
 * or null; throws {@link DamagedSettingsError} when they are there but unreadable within the bounds.
 */
export async function readSettingsOffThread(path: string, options: OffThreadOptions = {}): Promise<Provenance | null> {
  const { size } = await stat(path);
  if (size <= (options.mainThreadMaxBytes ?? MAIN_THREAD_MAX_BYTES)) return readSettingsFromFile(path);
  return slot(() => inWorker(path, options.timeoutMs ?? TIMEOUT_MS, options.maxHeapMb ?? MAX_HEAP_MB));
}
