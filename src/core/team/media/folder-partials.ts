import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { chunkName, partialFolder, type PartialDownloads, type PartialSlot } from '../ports';
import { restoreChunks } from './restore-chunks';

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
    return restoreChunks(names, dest, (name) => readFile(join(dir, name)));
  }

  async drop(slot: PartialSlot): Promise<void> {
    await rm(this.folder(slot), { recursive: true, force: true });
  }
}
