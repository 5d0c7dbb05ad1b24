import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver, { type S3rverMiddleware } from 's3rver';
import type { S3Location } from '../media/s3-location';

/** A request as the test server answered it; `payloadHash` is the signed `x-amz-content-sha256`. */
export interface S3Request {
  method: string;
  path: string;
  status: number;
  payloadHash?: string;
}

/** A local S3 server (s3rver, an S3 HTTP server over a folder) with one bucket, on a free loopback port. */
export interface TestS3 {
  location: S3Location;
  dir: string;
  /** Every request the server answered, in order (in-process servers only; a separate process's stay there). */
  requests?: S3Request[];
  stop(): Promise<void>;
}

/**
 * s3rver with what AWS S3 (and MinIO) do and s3rver does not: a PutObject with `If-None-Match: *` is refused
 * (412) when the key exists. Every request is also logged, so tests can count what a client sent.
 */
function conditionalPuts(server: S3rver, requests: S3Request[]): S3rverMiddleware {
  return async (ctx, next) => {
    const payloadHash = ctx.get('x-amz-content-sha256') || undefined;
    const [, bucket, ...key] = ctx.path.split('/');
    if (ctx.method === 'PUT' && ctx.get('if-none-match') === '*' && !/(^|&)(uploadId|partNumber)=/.test(ctx.querystring) && bucket && key.length > 0) {
      if (await server.store.existsObject(decodeURIComponent(bucket), key.map(decodeURIComponent).join('/'))) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the preconditions you specified did not hold.</Message></Error>';
        requests.push({ method: ctx.method, path: ctx.path, status: ctx.status, ...(payloadHash ? { payloadHash } : {}) });
        return;
      }
    }
    await next();
    requests.push({ method: ctx.method, path: ctx.path, status: ctx.status, ...(payloadHash ? { payloadHash } : {}) });
  };
}

/** s3rver's fixed development credentials (it checks signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startTestS3(options: { bucket?: string; prefix?: string; dir?: string; port?: number } = {}): Promise<TestS3> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  const bucket = options.bucket ?? 'atelier-team';
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const requests: S3Request[] = [];
  server.middleware.unshift(conditionalPuts(server, requests));
  const addr = await server.run();
  return {
    dir,
    requests,
    location: {
      bucket,
      prefix: options.prefix ?? 'studio',
      endpoint: `http://127.0.0.1:${addr.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** s3rver in its own process (see s3-process.ts). */
export async function startS3Process(): Promise<TestS3> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 's3-process.ts')], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  const first = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`s3rver process exited (${code})`)));
  });
  const parsed = JSON.parse(first) as { location: S3Location; dir: string };
  return {
    ...parsed,
    async stop() {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
