import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Core } from '../../src/core';
import { TaskStore } from '../../src/core/db/task-store';
import { toSummary, type TaskRecord } from '../../src/core/tasks/task-record';
import { createDemoGateway } from '../../src/host/demo-gateway';
import { createWebApp } from '../../src/host/create-web-app';
import type { SimSpeed } from '../../src/sim';
import { dbFile, libraryDir } from './seed';

export interface RunningGalleryApp {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  libraryDir: string;
  core: Core;
  /** Writes a task to the DB as the engine would, and pushes `taskChanged`. */
  put(record: TaskRecord): void;
  close(): Promise<void>;
}

/**
 * Starts core (with the real task engine) + web host + the demo simulator, with a data dir seeded by
 * `seed(dataDir)` before core opens its DB (`<dataDir>/atelier.db`).
 */
export async function startGalleryApp(seed: (dataDir: string) => void = () => {}, opts: { speed?: SimSpeed; rendererDir?: string } = {}): Promise<RunningGalleryApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-gallery-'));
  seed(dataDir);
  const demo = createDemoGateway(opts.speed ?? 'fast');
  const app = await createWebApp({ dataDir, rendererDir: opts.rendererDir ?? resolve('out/renderer'), port: 0, demo });
  // A second connection (WAL) for tests that stage a state the simulator cannot produce on demand.
  const store = TaskStore.open(dbFile(dataDir));
  return {
    url: app.host.url,
    origin: app.host.origin,
    token: app.host.token,
    dataDir,
    libraryDir: libraryDir(dataDir),
    core: app.core,
    put(record) {
      if (store.get(record.id)) store.update(record.id, record);
      else store.insert(record);
      app.core.events.emit('taskChanged', toSummary(record));
    },
    async close() {
      store.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
