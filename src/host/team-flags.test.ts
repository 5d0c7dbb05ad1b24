import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../sim';
import { createMemorySecretStore } from '../core';
import { joinTeam, TEAM_ENV } from '../core/team/team-config';
import { startTestPostgres, type TestPostgres } from '../core/team/test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../core/team/test-support/test-s3';
import { createWebApp } from './create-web-app';

/** Web mode's `--team` / `--media` / `--member`: credentials end in the 0600 secrets file, never in the ledger. */
let server: TestPostgres;
let s3: TestS3;
let sim: Simulator;
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-team-host-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  [server, s3, sim] = await Promise.all([startTestPostgres(), startTestS3(), startSimulator({ port: 0, apiKey: 'host-team-key', speed: 'fast' })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.stop(), s3?.stop(), sim?.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

it('a web host joined with --team and --media works a task into the ledger; the credentials sit in the 0600 secrets file only', { timeout: 60_000 }, async () => {
  const dataDir = tmp();
  const password = new URL(server.url).password;
  const media = `s3://${s3.location.bucket}/host-test?endpoint=${encodeURIComponent(s3.location.endpoint ?? '')}&region=us-east-1`;
  const app = await createWebApp({
    dataDir,
    rendererDir: tmp(),
    demo: { start: async () => ({ baseUrl: sim.baseUrl, apiKey: sim.apiKey }), stop: async () => undefined },
    team: {
      postgresUrl: server.url,
      media,
      member: 'Ana Lima',
      env: { [TEAM_ENV.s3AccessKeyId]: S3RVER_CREDENTIALS.accessKeyId, [TEAM_ENV.s3SecretAccessKey]: S3RVER_CREDENTIALS.secretAccessKey },
    },
  });
  try {
    const task = await app.core.handlers.submitTask({ operationId: 'gateway.text2image', values: { model: '{vendor}_3.0_text2image', prompt: 'a host in a team', aspect_ratio: '1:1', n: 1 }, extra: {} });
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    try {
      const row = await c.query('SELECT member FROM tasks WHERE id = $1', [task.id]);
      expect(row.rows).toEqual([{ member: 'Ana Lima' }]);
    } finally {
      await c.end();
    }
  } finally {
    await app.close();
  }
  const secretsFile = join(dataDir, 'secrets.json');
  expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
  const secrets = readFileSync(secretsFile, 'utf8');
  expect(secrets).toContain(password);
  expect(secrets).toContain(S3RVER_CREDENTIALS.secretAccessKey);
  // Nothing else in the data folder holds them (preferences, the cursor, the machine id).
  for (const name of ['preferences.json', 'team-cursor.json', 'team-machine.json']) {
    const text = (() => {
      try {
        return readFileSync(join(dataDir, name), 'utf8');
      } catch {
        return '';
      }
    })();
    expect(text.includes(password)).toBe(false);
  }
});

it('bad flags are refused with a message naming the flag', async () => {
  const base = { dataDir: tmp(), member: 'ana', secrets: createMemorySecretStore() };
  await expect(joinTeam({ ...base, postgresUrl: 'mysql://x', media: '/srv/media' })).rejects.toThrow(/--team/);
  await expect(joinTeam({ ...base, postgresUrl: server.url, media: 'relative/folder' })).rejects.toThrow(/--media: an s3:\/\/ address or an absolute folder/);
  await expect(joinTeam({ ...base, postgresUrl: server.url, media: 's3://bucket/prefix' })).rejects.toThrow(/S3 credentials are needed/);
  await expect(joinTeam({ ...base, postgresUrl: server.url, media: 's3://Bad_Bucket/x' })).rejects.toThrow(/Bucket/);
  await expect(joinTeam({ ...base, member: '  ', postgresUrl: server.url, media: '/srv/media' })).rejects.toThrow(/--member/);
});
