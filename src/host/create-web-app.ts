import { join } from 'node:path';
import { createCore, createFileSecretStore, createJsonPreferencesStore, fetchHttpClient, joinSavedTeam, joinTeam, type Core, type DemoGateway, type Logger, type TeamJoinRequest } from '../core';
import { startWebHost, type WebHost } from './web-host';

export interface WebAppOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  token?: string;
  demo: DemoGateway;
  log?: Logger;
  appVersion?: string;
  fetch?: typeof fetch;
  /** Team mode (`--team`, `--media`, `--member`): credentials come from the secrets file (or the environment once). */
  team?: Pick<TeamJoinRequest, 'postgresUrl' | 'media' | 'member' | 'env' | 'leaseMs'>;
}

/** Core + web host wired together: what `npm run web` runs and what the browser e2e tests start. */
export async function createWebApp(options: WebAppOptions): Promise<{ core: Core; host: WebHost; close(): Promise<void> }> {
  const secrets = createFileSecretStore(options.dataDir);
  // The flags win; without them, the team joined in Settings (if any).
  const { team, teamStartError } = options.team
    ? { team: await joinTeam({ ...options.team, dataDir: options.dataDir, secrets, ...(options.log ? { log: options.log } : {}) }), teamStartError: undefined }
    : await joinSavedTeam({ dataDir: options.dataDir, secrets, ...(options.log ? { log: options.log } : {}) });
  const core = createCore({
    dataDir: options.dataDir,
    transport: 'web',
    appVersion: options.appVersion ?? '0.1.0',
    secrets,
    ...(team ? { team } : {}),
    ...(teamStartError ? { teamStartError } : {}),
    preferences: createJsonPreferencesStore(options.dataDir),
    demo: options.demo,
    ...(options.log ? { log: options.log } : {}),
    ...(options.fetch ? { http: fetchHttpClient(options.fetch) } : {}),
  });
  await core.start();
  const host = await startWebHost({
    core,
    rendererDir: options.rendererDir,
    tmpDir: join(options.dataDir, 'tmp'),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    core,
    host,
    async close() {
      await host.close();
      await core.stop();
    },
  };
}
