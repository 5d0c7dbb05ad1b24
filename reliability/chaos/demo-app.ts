/**
 * The app as it runs on the demo gateway: core and its built-in demo gateway (createDemoGateway, persisted in
 * the data folder: remembered port, saved tasks) in one process, as in the desktop app and the web host.
 */
import { createCore, type Core } from '../../src/core/create-core';
import { FAST_TUNING } from '../../src/core/engine/tuning';
import { createMemorySecretStore } from '../../src/core/storage/file-secret-store';
import { createJsonPreferencesStore } from '../../src/core/storage/json-preferences-store';
import { createDemoGateway } from '../../src/host/demo-gateway';
import type { Simulator } from '../../src/sim';

/** Fast enough for a chaos run, slow enough that a kill finds tasks queued and running at the gateway. */
export const DEMO_CHAOS_SPEED = 0.15;

export async function startDemoApp(dataDir: string): Promise<{ core: Core; simulator(): Simulator | null }> {
  const demo = createDemoGateway(DEMO_CHAOS_SPEED);
  const core = createCore({
    dataDir,
    transport: 'web',
    appVersion: 'chaos',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(dataDir),
    demo,
    tuning: FAST_TUNING,
  });
  await core.start();
  // The phase reads the tasks once after a restart: after the background resume has settled them.
  await core.settled();
  return { core, simulator: () => demo.simulator() };
}
