import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDemoGateway } from '../../src/host/demo-gateway';
import { createWebApp } from '../../src/host/create-web-app';
import type { SimSpeed, Simulator } from '../../src/sim';
import type { Core } from '../../src/core';

export interface RunningWebApp {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  simulator(): Simulator | null;
  /** The core behind the page, for assertions on what it stored (tests never stub it). */
  core: Core;
  close(): Promise<void>;
}

/** Starts core + web host + the demo simulator in this process, on loopback port 0, with a fresh data dir. */
export async function startWebApp(
  opts: {
    speed?: SimSpeed;
    /** Writes files into the fresh data dir before core opens it. */ prepare?: (dataDir: string) => void;
  } = {},
): Promise<RunningWebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  opts.prepare?.(dataDir);
  const demo = createDemoGateway(opts.speed ?? 'fast');
  const app = await createWebApp({ dataDir, rendererDir: resolve('out/renderer'), port: 0, demo });
  return {
    url: app.host.url,
    origin: app.host.origin,
    token: app.host.token,
    dataDir,
    simulator: demo.simulator,
    core: app.core,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
