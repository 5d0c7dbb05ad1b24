import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { Logger, SecretStore } from '../ports';
import { FolderMediaStore } from './media/folder-media-store';
import { parseS3Url } from './media/s3-location';
import { DEFAULT_MULTIPART } from './media/multipart-upload';
import { S3MediaStore } from './media/s3-media-store';
import type { MediaStore } from './ports';
import { TeamSession } from './team-session';

/**
 * Where team credentials live: the same store as gateway keys (the 0600 secrets file in web mode, safeStorage
 * in the app), under these ids. Never in the ledger, never in the bucket, never in preferences.
 */
export const TEAM_SECRET_IDS = {
  postgresPassword: 'team:postgres-password',
  s3AccessKeyId: 'team:s3-access-key-id',
  s3SecretAccessKey: 'team:s3-secret-access-key',
} as const;

/** Environment variables a first join may take credentials from (then kept in the secret store). */
export const TEAM_ENV = {
  postgresPassword: 'ATELIER_TEAM_PG_PASSWORD',
  s3AccessKeyId: 'ATELIER_TEAM_S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'ATELIER_TEAM_S3_SECRET_ACCESS_KEY',
} as const;

export interface TeamJoinRequest {
  /** postgres://user@host:port/db (a password in it is moved to the secret store). */
  postgresUrl: string;
  /** s3://bucket/prefix?endpoint=…&region=… or an absolute folder path. */
  media: string;
  member: string;
  dataDir: string;
  secrets: SecretStore;
  env?: Readonly<Record<string, string | undefined>>;
  leaseMs?: number;
  /** The cap of the local cache of other machines' results, in bytes (default 2 GiB, see media-cache.ts). */
  cacheBytes?: number;
  log?: Logger;
}

const memberSchema = z.string().trim().min(1, 'a member name').max(60).regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** The address to show and keep: the password left out. */
export function redactedPostgresUrl(url: URL): string {
  const copy = new URL(url.toString());
  copy.password = '';
  return copy.toString();
}

/** Joins a team from the web host's flags (`--team`, `--media`, `--member`), with credentials from the secret store. */
export async function joinTeam(req: TeamJoinRequest): Promise<TeamSession> {
  const env = req.env ?? {};
  let url: URL;
  try {
    url = new URL(req.postgresUrl);
  } catch {
    throw new Error(`--team: not a postgres:// address: ${req.postgresUrl}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error('--team: the address starts with postgres://');
  if (url.password) {
    await req.secrets.set(TEAM_SECRET_IDS.postgresPassword, decodeURIComponent(url.password), { acceptWeak: true });
    req.log?.warn('team: the database password was moved from the address into the secrets store; give the address without it next time', { url: redactedPostgresUrl(url) });
  }
  const password = await credential(req, 'postgresPassword', env);
  const connect = new URL(url.toString());
  if (password) connect.password = encodeURIComponent(password);
  const member = memberSchema.safeParse(req.member);
  if (!member.success) throw new Error(`--member: ${member.error.issues[0]?.message ?? 'invalid'}`);
  const media = await mediaStore(req, env);
  const machine = `${member.data}@${hostname()}#${machineId(req.dataDir)}`;
  return TeamSession.join({
    url: connect.toString(),
    member: member.data,
    machine,
    media,
    ...(req.leaseMs ? { leaseMs: req.leaseMs } : {}),
    ...(req.cacheBytes !== undefined && Number.isSafeInteger(req.cacheBytes) && req.cacheBytes > 0 ? { cacheBytes: req.cacheBytes } : {}),
    cursorFile: join(req.dataDir, 'team-cursor.json'),
    joinedWith: { postgresUrl: redactedPostgresUrl(url), media: req.media },
    ...(req.log ? { log: req.log } : {}),
  });
}

async function mediaStore(req: TeamJoinRequest, env: Readonly<Record<string, string | undefined>>): Promise<MediaStore> {
  if (req.media.startsWith('s3://')) {
    const location = parseS3Url(req.media);
    const accessKeyId = await credential(req, 's3AccessKeyId', env);
    const secretAccessKey = await credential(req, 's3SecretAccessKey', env);
    if (!accessKeyId || !secretAccessKey)
      throw new Error(`--media: S3 credentials are needed: set ${TEAM_ENV.s3AccessKeyId} and ${TEAM_ENV.s3SecretAccessKey} once (they are then kept in the secrets file).`);
    // Large results go up in parts; the state of an unfinished upload is kept so a restart continues it.
    return new S3MediaStore(location, { accessKeyId, secretAccessKey }, { ...DEFAULT_MULTIPART, stateDir: join(req.dataDir, 'team-uploads') });
  }
  if (!isAbsolute(req.media)) throw new Error('--media: an s3:// address or an absolute folder path (a shared network folder)');
  return new FolderMediaStore(req.media);
}

/** From the environment (then kept in the secret store) or from the secret store. */
async function credential(req: TeamJoinRequest, name: keyof typeof TEAM_SECRET_IDS, env: Readonly<Record<string, string | undefined>>): Promise<string | null> {
  const fromEnv = env[TEAM_ENV[name]];
  if (fromEnv) {
    await req.secrets.set(TEAM_SECRET_IDS[name], fromEnv, { acceptWeak: true });
    return fromEnv;
  }
  return req.secrets.get(TEAM_SECRET_IDS[name]);
}

/** A random id for this data folder, kept beside it: the same machine finds its own leases after a restart. */
function machineId(dataDir: string): string {
  const file = join(dataDir, 'team-machine.json');
  const schema = z.object({ id: z.string().regex(/^[a-f0-9]{12}$/) });
  if (existsSync(file)) {
    try {
      const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data.id;
    } catch {
      // Unreadable: a new id (this machine's old leases expire and are taken over like any other).
    }
  }
  const id = randomBytes(6).toString('hex');
  writeFileSync(file, JSON.stringify({ id }), { mode: 0o600 });
  return id;
}
