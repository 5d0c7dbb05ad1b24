import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { chunkName, contiguousChunks, partialFolder, type PartialDownloads, type PartialSlot } from '../ports';

/** Download checkpoints in a (shared) folder: `<root>/partial/<task>/<index>/<offset>-<end>`, each written aside and renamed. */
export class FolderPartials implements PartialDownloads {
  constructor(private readonly root: string) {}

  private folder(slot: PartialSlot): string {
    return join(this.root, partialFolder(slot));
  }

  async save(slot: PartialSlot, offset: number, bytes: Buffer): Promise<void> {
    const dir = this.folder(slot);
    await mkdir(dir, { recursive: true });
    const target = join(dir, chunkName(offset, offset + bytes.length));
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async restore(slot: PartialSlot, dest: string): Promise<number> {
    const dir = this.folder(slot);
    const names = await readdir(dir).catch(() => [] as string[]);
    await mkdir(dirname(dest), { recursive: true });
    // A file handle, not a stream: a failure is a rejection here, never an 'error' event nobody hears.
    const out = await open(dest, 'w');
    let length = 0;
    try {
      for (const c of contiguousChunks(names)) {
        const bytes = await readFile(join(dir, c.name));
        if (bytes.length !== c.end - c.offset) break; // a chunk not as long as its name says: stop before it
        await out.write(bytes);
        length = c.end;
      }
    } finally {
      await out.close();
    }
    return length;
  }

  async drop(slot: PartialSlot): Promise<void> {
    await rm(this.folder(slot), { recursive: true, force: true });
  }
}
