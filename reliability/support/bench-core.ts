import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src/core/create-core';
import { simFigures } from '../../src/sim/pricing';
import { createMemorySecretStore } from '../../src/core/storage/file-secret-store';
import { createJsonPreferencesStore } from '../../src/core/storage/json-preferences-store';
import type { EngineTuning } from '../../src/core/engine/tuning';
import type { TaskSummary } from '../../src/shared/domain/task';
import { isTerminal } from '../../src/shared/domain/task';

/** A task is finished for a bench when it is terminal and no result is still on its way to disk. */
export const finished = (t: TaskSummary): boolean =>
  isTerminal(t.status) &&
  (t.status !== 'succeeded' || t.results.every((r) => r.state !== 'pending' && r.state !== 'downloading'));

export interface BenchCore {
  core: Core;
  dataDir: string;
  /** Resolves with the final summaries once every id is finished, or rejects after `timeoutMs`. */
  waitAll(ids: readonly string[], timeoutMs: number): Promise<TaskSummary[]>;
}

/**
 * The real core (createCore, SQLite file, engine, downloader) talking to a simulator as its demo gateway.
 * Unlike the test harness it keeps no event history and watches completion with one listener, so the
 * measured CPU and memory are the core's own.
 */
export async function startBenchCore(
  /** `speed`: the simulator's, so the demo gateway publishes its timings as the app's does (estimates). */
  gateway: { baseUrl: string; apiKey: string; speed?: number },
  tuning: EngineTuning,
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-')),
  /** Runs before the engine starts (e.g. to put a profile's key back after a restart: the key store is memory). */
  beforeStart?: (core: Core) => Promise<void>,
  /**
   * `electron`: core as the desktop app runs it, where files the user picked are staged by path (the page
   * itself can still never name one: the preload refuses it). `web` (default): as the web host runs it.
   */
  transport: 'electron' | 'web' = 'web',
): Promise<BenchCore> {
  const core = createCore({
    dataDir,
    transport,
    appVersion: 'bench',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo: {
      start: async () => ({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }),
      stop: async () => undefined,
      ...(gateway.speed === undefined ? {} : { figures: (q) => simFigures(gateway.speed ?? 1, q) }),
    },
    tuning,
  });
  await beforeStart?.(core);
  await core.start();
  // Start answers before the tasks of the last run are resumed (that runs after it, a page per turn): the
  // runs read what the restart made of them (never sent, maybe sent, polled again) once it is done.
  await core.settled();
  const waitAll = (ids: readonly string[], timeoutMs: number): Promise<TaskSummary[]> =>
    new Promise((resolve, reject) => {
      const open = new Set(ids);
      const done = new Map<string, TaskSummary>();
      const settle = (t: TaskSummary): void => {
        if (!open.has(t.id) || !finished(t)) return;
        open.delete(t.id);
        done.set(t.id, t);
        if (open.size === 0) finish();
      };
      const off = core.events.subscribe((event, payload) => {
        if (event === 'taskChanged') settle(payload as TaskSummary);
      });
      const timer = setTimeout(() => {
        off();
        reject(new Error(`${open.size} of ${ids.length} tasks did not finish within ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = (): void => {
        clearTimeout(timer);
        off();
        resolve(ids.map((id) => done.get(id) ?? (core.store.get(id) as TaskSummary)));
      };
      for (const id of ids) {
        const t = core.store.get(id);
        if (t) settle(t);
      }
      if (ids.length === 0) finish();
    });
  return { core, dataDir, waitAll };
}
