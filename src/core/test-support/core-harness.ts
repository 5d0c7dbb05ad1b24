import { REWORD_ENV, rewordLog } from './reworded-log';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { createCore, type Core } from '../create-core';
import type { CorePorts, DemoGateway } from '../ports';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { FAST_TUNING, type EngineTuning } from '../engine/tuning';
import type { EventName, EventPayload } from '../../shared/bridge/contract';
import { isTerminal, type InputRef, type TaskSummary } from '../../shared/domain/task';

export interface TestCore {
  core: Core;
  dataDir: string;
  events: { event: EventName; payload: unknown; at: number }[];
  /** Resolves when the task reaches a final state (succeeded with files, failed, cancelled). */
  settled(id: string, timeoutMs?: number): Promise<TaskSummary>;
  close(opts?: { keepDir?: boolean }): Promise<void>;
}

/**
 * A core talking to a running simulator as its demo gateway, with a real SQLite file in a temp dir. Given a
 * DemoGateway instead (the app's own, started by core on its remembered port with its saved state), core
 * starts and stops it as the app does.
 */
export async function startTestCore(gateway: { baseUrl: string; apiKey: string } | DemoGateway, opts: { dataDir?: string; tuning?: Partial<EngineTuning>; demoFigures?: DemoGateway['figures']; desktop?: { chooseFolder(current: string): Promise<string | null> }; ports?: Pick<CorePorts, 'clock' | 'exportMaxBytes'>; settle?: boolean } = {}): Promise<TestCore> {
  if (process.env[REWORD_ENV] === '1') rewordLog();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'atelier-core-'));
  const core = createCore({
    dataDir,
    transport: opts.desktop ? 'electron' : 'web',
    ...(opts.desktop ? { shell: { chooseFolder: (c: string) => opts.desktop?.chooseFolder(c) ?? Promise.resolve(null) } } : {}),
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo: 'start' in gateway ? gateway : { start: async () => gateway, stop: async () => undefined, ...(opts.demoFigures ? { figures: opts.demoFigures } : {}) },
    tuning: { ...FAST_TUNING, ...opts.tuning },
    ...opts.ports,
  });
  const events: TestCore['events'] = [];
  core.events.subscribe((event, payload) => events.push({ event, payload, at: Date.now() }));
  await core.start();
  // What start leaves to the background (tasks resumed, the queue read) is done before the test looks,
  // unless the test is about that background itself.
  if (opts.settle !== false) await core.settled();
  const settled = (id: string, timeoutMs = 15_000): Promise<TaskSummary> =>
    new Promise((resolve, reject) => {
      const done = (t: TaskSummary | null) => t && t.id === id && isTerminal(t.status) && (t.status !== 'succeeded' || t.results.every((r) => r.state !== 'pending' && r.state !== 'downloading'));
      const current = core.store.get(id);
      if (current && done(current)) return resolve(current);
      const timer = setTimeout(() => {
        off();
        reject(new Error(`task ${id} did not settle: ${JSON.stringify(core.store.get(id)?.status)} ${core.store.get(id)?.error ?? ''}`));
      }, timeoutMs);
      const off = core.events.subscribe(<E extends EventName>(event: E, payload: EventPayload<E>) => {
        if (event === 'taskChanged' && done(payload as TaskSummary)) {
          clearTimeout(timer);
          off();
          resolve(payload as TaskSummary);
        }
      });
    });
  return {
    core,
    dataDir,
    events,
    settled,
    async close(o = {}) {
      await core.stop();
      if (!o.keepDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real PNG (solid colour with a stripe) of the given size. */
export function makePng(width = 64, height = 48, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const stripe = x % 16 < 4;
      png.data[i] = stripe ? 255 : rgb[0];
      png.data[i + 1] = rgb[1];
      png.data[i + 2] = rgb[2];
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

/** A mask PNG: white (edit) in the given rectangle, black elsewhere. */
export function makeMask(width: number, height: number, rect: { x: number; y: number; w: number; h: number }): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h;
      const i = (y * width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = inside ? 255 : 0;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

export async function stagePng(core: Core, name = 'source.png', png = makePng()): Promise<InputRef> {
  return core.handlers.stageInputBytes({ name, mime: 'image/png', bytes: new Uint8Array(png) });
}
