import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

/** sha256 (hex) of a file's bytes, streamed. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Files up to this size are read whole by `readAndHash`: hashed and then sent from the one read. */
export const WHOLE_READ_MAX = 8 * 1024 * 1024;

/** sha256 of a file, and its bytes when it is small enough to keep (null: streamed, too large to hold). */
export async function readAndHash(path: string): Promise<{ sha256: string; bytes: Buffer | null }> {
  if ((await stat(path)).size > WHOLE_READ_MAX) return { sha256: await hashFile(path), bytes: null };
  const bytes = await readFile(path);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

/** Throws (after `cleanup`) unless the file hashes to `sha256`. */
export async function expectHash(path: string, sha256: string, cleanup: () => Promise<void>): Promise<void> {
  const actual = await hashFile(path);
  if (actual === sha256) return;
  await cleanup();
  throw new Error(`media ${sha256.slice(0, 12)}…: the stored bytes hash to ${actual.slice(0, 12)}…; refused`);
}
