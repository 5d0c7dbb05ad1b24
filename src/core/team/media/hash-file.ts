import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 (hex) of a file's bytes, streamed. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Throws (after `cleanup`) unless the file hashes to `sha256`. */
export async function expectHash(path: string, sha256: string, cleanup: () => Promise<void>): Promise<void> {
  const actual = await hashFile(path);
  if (actual === sha256) return;
  await cleanup();
  throw new Error(`media ${sha256.slice(0, 12)}…: the stored bytes hash to ${actual.slice(0, 12)}…; refused`);
}
