import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { contiguousChunks } from '../ports';

/**
 * Writes the saved chunks of a partial download (named `<offset>-<end>`) into `dest`, in order, from byte 0
 * as far as they run without a gap; `read` fetches one chunk by name (a folder or a bucket). Stops before a
 * chunk not as long as its name says. Returns how many bytes `dest` now holds (a prefix of the result).
 */
export async function restoreChunks(names: string[], dest: string, read: (name: string) => Promise<Buffer>): Promise<number> {
  await mkdir(dirname(dest), { recursive: true });
  // A file handle, not a stream: a failure is a rejection here, never an 'error' event nobody hears.
  const out = await open(dest, 'w');
  let length = 0;
  try {
    for (const c of contiguousChunks(names)) {
      const bytes = await read(c.name);
      if (bytes.length !== c.end - c.offset) break;
      await out.write(bytes);
      length = c.end;
    }
  } finally {
    await out.close();
  }
  return length;
}
