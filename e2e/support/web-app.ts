import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDemoGateway } from '../../src/host/demo-gateway';
import { createWebApp } from '../../src/host/create-web-app';
import type { SimSpeed, Simulator } from '../../src/sim';

export interface RunningWebApp {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  simulator(): Simulator | null;
  close(): Promise<void>;
}

/** Starts core + web host + the demo simulator in this process, on loopback port 0, with a fresh data dir. */
export async function startWebApp(opts: { speed?: SimSpeed } = {}): Promise<RunningWebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const demo = createDemoGateway(opts.speed ?? 'fast');
  const app = await createWebApp({ dataDir, rendererDir: resolve('out/renderer'), port: 0, demo });
  return {
    url: app.host.url,
    origin: app.host.origin,
    token: app.host.token,
    dataDir,
    simulator: demo.simulator,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
