import { access, constants, stat } from 'node:fs/promises';
import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { TeamTest } from '../../../shared/domain/team';
import type { S3Location } from '../media/s3-location';

type Check = TeamTest['database'];

/** Connects once to the team's database: reachable, password accepted, and whether it already holds a team. */
export async function probeDatabase(url: string): Promise<{ check: Check; ready: boolean; detail: string | null }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const r = await client.query<{ ready: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS ready");
    return { check: 'ok', ready: r.rows[0]?.ready === true, detail: null };
  } catch (e) {
    return { check: databaseCheck(e), ready: false, detail: detailOf(e) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Reaches the bucket with the credentials (HEAD bucket: nothing is written). */
export async function probeS3(location: S3Location, credentials: { accessKeyId: string; secretAccessKey: string }): Promise<{ check: Check; detail: string | null }> {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    credentials,
    maxAttempts: 1,
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: location.bucket }), { abortSignal: AbortSignal.timeout(8_000) });
    return { check: 'ok', detail: null };
  } catch (e) {
    if (e instanceof S3ServiceException) {
      const status = e.$metadata.httpStatusCode;
      if (status === 404 || e.name === 'NoSuchBucket' || e.name === 'NotFound') return { check: 'notFound', detail: `bucket ${location.bucket} not found` };
      if (status === 403 || status === 401) return { check: 'refused', detail: `the server refused the credentials (${status})` };
      return { check: 'failed', detail: `${e.name} (${status ?? '?'})` };
    }
    return { check: 'unreachable', detail: detailOf(e) };
  } finally {
    client.destroy();
  }
}

/** A shared folder: there, a folder, and writable by this user. */
export async function probeFolder(path: string): Promise<{ check: Check; detail: string | null }> {
  try {
    if (!(await stat(path)).isDirectory()) return { check: 'notFound', detail: 'not a folder' };
    await access(path, constants.W_OK);
    return { check: 'ok', detail: null };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { check: 'notFound', detail: null };
    if (code === 'EACCES' || code === 'EPERM') return { check: 'refused', detail: 'not writable by this user' };
    return { check: 'failed', detail: detailOf(e) };
  }
}

function databaseCheck(e: unknown): Check {
  const code = (e as { code?: unknown }).code;
  // Server codes: 28P01 bad password, 28000 no such role / not allowed, 3D000 no such database.
  if (code === '28P01' || code === '28000') return 'refused';
  if (code === '3D000') return 'notFound';
  if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ECONNRESET|EAI_AGAIN)$/.test(code)) return 'unreachable';
  if (e instanceof Error && /timeout/i.test(e.message)) return 'unreachable';
  return 'failed';
}

function detailOf(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  // A server's message may quote the address; never a password (pg does not echo it), bounded for the form.
  return text.slice(0, 300);
}
