import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { expectHash } from './hash-file';
import { dirname, join, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { mediaKey, type MediaStore } from '../ports';
import { FolderPartials } from './folder-partials';

/**
 * Media in a folder: the library's own (solo) or a shared network folder (team on a LAN). Same layout as the
 * bucket: `<root>/media/sha256/<hash>`. Files are copied aside and renamed into place, so a reader on another
 * machine never sees half a file, and two machines storing the same hash end with the same bytes.
 */
export class FolderMediaStore implements MediaStore {
  readonly kind = 'folder';
  readonly partials: FolderPartials;
  constructor(private readonly root: string) {
    this.partials = new FolderPartials(root);
  }

  async put(file: string, sha256: string, _mime?: string): Promise<{ key: string; uploaded: boolean }> {
    const key = mediaKey(sha256);
    const target = join(this.root, key);
    if (await this.has(sha256)) return { key, uploaded: false };
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    await copyFile(file, temp);
    await rename(temp, target);
    return { key, uploaded: true };
  }

  async has(sha256: string): Promise<boolean> {
    return stat(join(this.root, mediaKey(sha256))).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async fetchTo(sha256: string, dest: string): Promise<void> {
    await mkdir(dirname(dest), { recursive: true });
    const temp = `${dest}.${randomBytes(6).toString('hex')}.part`;
    await copyFile(join(this.root, mediaKey(sha256)), temp);
    await expectHash(temp, sha256, () => rm(temp, { force: true }));
    await rename(temp, dest);
  }

  async list(): Promise<string[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.part'))
      .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();
  }
}
