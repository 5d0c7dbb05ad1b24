import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../media/s3-location';

/** A local S3 server (s3rver, an S3 HTTP server over a folder) with one bucket, on a free loopback port. */
export interface TestS3 {
  location: S3Location;
  dir: string;
  stop(): Promise<void>;
}

/** s3rver's fixed development credentials (it checks signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startTestS3(options: { bucket?: string; prefix?: string; dir?: string; port?: number } = {}): Promise<TestS3> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  const bucket = options.bucket ?? 'atelier-team';
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const addr = await server.run();
  return {
    dir,
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
