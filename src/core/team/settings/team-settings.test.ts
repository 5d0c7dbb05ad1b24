import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../shared/bridge/dispatch';
import { createCore, type Core } from '../../create-core';
import { openDatabase } from '../../db/open-database';
import { createFileSecretStore } from '../../storage/file-secret-store';
import { createJsonPreferencesStore } from '../../storage/json-preferences-store';
import { startTestPostgres, type TestPostgres } from '../test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../test-support/test-s3';
import { joinTeam } from '../team-config';
import { joinSavedTeam, mediaAddress, teamMediaOf } from './team-settings';

/** Settings → Team through the bridge, against a real PostgreSQL and s3rver: test, join, leave, and the next start. */
let server: TestPostgres;
let s3: TestS3;
const dirs: string[] = [];

beforeAll(async () => {
  [server, s3] = await Promise.all([startTestPostgres(), startTestS3()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.stop(), s3?.stop()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function soloCore(): { core: Core; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-team-settings-'));
  dirs.push(dataDir);
  const core = createCore({ dataDir, transport: 'web', appVersion: 't', secrets: createFileSecretStore(dataDir), preferences: createJsonPreferencesStore(dataDir) });
  return { core, dataDir };
}

const withoutPassword = (url: string): { bare: string; password: string } => {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { bare: u.toString(), password };
};

const s3Media = () => ({
  kind: 's3' as const,
  url: `s3://${s3.location.bucket}/settings-test`,
  endpoint: s3.location.endpoint ?? '',
  region: 'us-east-1',
  accessKeyId: S3RVER_CREDENTIALS.accessKeyId,
  secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
});

describe('Settings → Team', () => {
  it('a wrong field is refused at the field, with a code the form translates', async () => {
    const { core } = soloCore();
    const reply = await dispatch(core.handlers, 'testTeam', { postgresUrl: 'mysql://x', media: { kind: 'folder', path: 'relative/media' }, member: '' });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.fields).toMatchObject({ postgresUrl: 'postgresUrlInvalid', 'media.path': 'folderNotAbsolute', member: 'memberMissing' });
    await core.stop();
  });

  it('Test connection tells a wrong password from a good one, and an unknown bucket', { timeout: 30_000 }, async () => {
    const { core } = soloCore();
    const { bare, password } = withoutPassword(server.url);
    const wrong = await core.handlers.testTeam({ postgresUrl: bare, postgresPassword: 'not-the-password', media: s3Media(), member: 'Ada' });
    expect(wrong).toMatchObject({ ok: false, database: 'refused', media: 'ok' });
    const good = await core.handlers.testTeam({ postgresUrl: bare, postgresPassword: password, media: s3Media(), member: 'Ada' });
    expect(good).toMatchObject({ ok: true, database: 'ok', media: 'ok' });
    const noBucket = await core.handlers.testTeam({ postgresUrl: bare, postgresPassword: password, media: { ...s3Media(), url: 's3://no-such-bucket/x' }, member: 'Ada' });
    expect(noBucket).toMatchObject({ ok: false, database: 'ok', media: 'notFound' });
    await core.stop();
  });

  it('Join runs the migrations, keeps the password and S3 secret in the 0600 secrets file only, and the next start works in the team', { timeout: 60_000 }, async () => {
    const { core, dataDir } = soloCore();
    const { bare, password } = withoutPassword(server.url);
    const state = await core.handlers.joinTeam({ postgresUrl: bare, postgresPassword: password, media: s3Media(), member: 'Ada', acceptWeakStorage: false });
    expect(state).toMatchObject({ joined: true, active: false, restartNeeded: true, member: 'Ada', secrets: { postgresPassword: true, s3AccessKeyId: true, s3SecretAccessKey: true } });
    // What the renderer gets back never holds a secret.
    const shown = JSON.stringify(await core.handlers.getTeam({}));
    expect(shown).not.toContain(password);
    expect(shown).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
    await core.stop();

    // The database has the team's schema and the member.
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    expect((await c.query('SELECT name FROM members')).rows.map((r: { name: string }) => r.name)).toContain('Ada');
    expect(Number((await c.query('SELECT count(*) AS n FROM schema_migrations')).rows[0].n)).toBeGreaterThan(0);
    await c.end();

    // Secrets: only in secrets.json (0600); the saved settings and preferences hold none.
    for (const name of readdirSync(dataDir).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(join(dataDir, name), 'utf8');
      if (name === 'secrets.json') {
        expect(text).toContain(password);
        expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
      } else {
        expect(text, name).not.toContain(password);
        expect(text, name).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
      }
    }

    // The next start joins the saved team with the stored credentials.
    const secrets = createFileSecretStore(dataDir);
    const joined = await joinSavedTeam({ dataDir, secrets });
    expect(joined.teamStartError).toBeUndefined();
    expect(joined.team?.member).toBe('Ada');
    const next = createCore({ dataDir, transport: 'web', appVersion: 't', secrets, preferences: createJsonPreferencesStore(dataDir), ...joined });
    await next.start();
    expect(await next.handlers.getTeam({})).toMatchObject({ joined: true, active: true, restartNeeded: false, startError: null, cacheUsedBytes: 0 });
    await lowerCacheCap(next, dataDir);
    const left = await next.handlers.leaveTeam({});
    expect(left).toMatchObject({ joined: false, active: true, restartNeeded: true, secrets: { postgresPassword: false, s3SecretAccessKey: false } });
    await next.stop();
    expect(await joinSavedTeam({ dataDir, secrets })).toEqual({});
  });

  it('a run joined from the flags (--team, --media) shows the addresses it joined with, with no password in them', { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-team-flags-'));
    dirs.push(dataDir);
    const secrets = createFileSecretStore(dataDir);
    const { bare, password } = withoutPassword(server.url);
    // The password given in the address is moved to the secrets file (as the web host's flags do).
    const team = await joinTeam({ postgresUrl: server.url, media: dataDir, member: 'Cy', dataDir, secrets });
    const core = createCore({ dataDir, transport: 'web', appVersion: 't', secrets, preferences: createJsonPreferencesStore(dataDir), team });
    await core.start();
    try {
      const state = await core.handlers.getTeam({});
      expect(state).toMatchObject({ joined: true, active: true, member: 'Cy', postgresUrl: bare, media: { kind: 'folder', path: dataDir } });
      expect(JSON.stringify(state)).not.toContain(encodeURIComponent(password));
    } finally {
      await core.stop();
    }
  });

  it('a media address reads back as the form shows it', () => {
    const s3 = { kind: 's3' as const, url: 's3://shots/studio/a', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1' };
    expect(teamMediaOf(mediaAddress(s3))).toEqual(s3);
    expect(teamMediaOf(mediaAddress({ kind: 's3', url: 's3://shots', endpoint: '', region: '' }))).toEqual({ kind: 's3', url: 's3://shots', endpoint: '', region: '' });
    expect(teamMediaOf('/mnt/team/media')).toEqual({ kind: 'folder', path: '/mnt/team/media' });
  });

  it('a saved team that cannot be reached at start leaves the run on its own, saying why', { timeout: 30_000 }, async () => {
    const { core, dataDir } = soloCore();
    const { bare, password } = withoutPassword(server.url);
    await core.handlers.joinTeam({ postgresUrl: bare, postgresPassword: password, media: { kind: 'folder', path: dataDir }, member: 'Bo', acceptWeakStorage: false });
    await core.stop();
    const secrets = createFileSecretStore(dataDir);
    await secrets.set('team:postgres-password', 'changed-since');
    const joined = await joinSavedTeam({ dataDir, secrets });
    expect(joined.team).toBeUndefined();
    expect(joined.teamStartError).toMatch(/password/i);
  });
});

/**
 * Settings → Team, the cache cap: two teammates' results take 0.8 GiB here (their sizes as the cache counts
 * them); lowering the cap to 0.5 GiB evicts the least recently viewed at once, and the team state says so.
 */
async function lowerCacheCap(core: Core, dataDir: string): Promise<void> {
  const library = join(dataDir, 'library');
  mkdirSync(library, { recursive: true });
  const db = openDatabase(join(dataDir, 'atelier.db'));
  try {
    for (const [rel, usedAt] of [['old.png', 1], ['new.png', 2]] as const) {
      writeFileSync(join(library, rel), 'x');
      db.prepare('INSERT INTO team_media_cache (rel, sha256, size, present, used_at) VALUES (?, ?, ?, 1, ?)').run(rel, 'a'.repeat(64), 0.4 * 1024 ** 3, usedAt);
    }
  } finally {
    db.close();
  }
  expect((await core.handlers.getTeam({})).cacheUsedBytes).toBe(0.8 * 1024 ** 3);
  await core.handlers.updatePreferences({ teamCacheGiB: 0.5 });
  await expect.poll(() => existsSync(join(library, 'old.png'))).toBe(false);
  expect(existsSync(join(library, 'new.png'))).toBe(true);
  expect((await core.handlers.getTeam({})).cacheUsedBytes).toBe(0.4 * 1024 ** 3);
}
