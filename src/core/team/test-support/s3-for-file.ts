import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestS3, type TestS3 } from './test-s3';

/** One s3rver and one temp folder for a test file: started before its tests, both gone after them. */
export function s3ForFile(name: string): { s3: () => TestS3; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), `atelier-${name}-`));
  let server: TestS3 | null = null;
  beforeAll(async () => {
    server = await startTestS3();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    s3: () => {
      if (!server) throw new Error('the test s3rver has not started');
      return server;
    },
    dir,
  };
}
