import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import type { InputRef } from '../../shared/domain/task';
import { mimeFromName, extensionForMime } from './mime';

/** Largest file accepted as an input (the gateway's own limits are smaller; this guards the app). */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

/**
 * Copies of the user's input files in an app-owned folder, named by their sha256 so the same file dropped
 * twice is stored once, and a task can be reused or retried after the original is moved or deleted.
 */
export class InputStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  pathOf(id: string): string {
    if (!/^[a-f0-9]{64}\.[a-z0-9]{1,5}$/.test(id)) throw new BridgeError('invalid_input', 'Bad input id.');
    return join(this.dir, id);
  }

  has(id: string): boolean {
    return existsSync(this.pathOf(id));
  }

  async stageFromPath(path: string): Promise<InputRef> {
    let size: number;
    try {
      const st = statSync(path);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      throw new BridgeError('invalid_input', `Cannot read ${basename(path)}.`);
    }
    if (size > MAX_INPUT_BYTES) throw new BridgeError('invalid_input', `${basename(path)} is larger than 512 MB.`);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const mime = mimeFromName(path);
    const id = `${hash.digest('hex')}.${extensionForMime(mime, extname(path))}`;
    if (!this.has(id)) {
      const tmp = join(this.dir, `.${randomUUID()}.part`);
      await copyFile(path, tmp);
      renameSync(tmp, this.pathOf(id));
    }
    return { id, name: basename(path), mime, size };
  }

  stageBytes(name: string, mime: string, bytes: Uint8Array): InputRef {
    if (bytes.byteLength > MAX_INPUT_BYTES) throw new BridgeError('invalid_input', `${name} is larger than 512 MB.`);
    const effectiveMime = mime || mimeFromName(name);
    const id = `${createHash('sha256').update(bytes).digest('hex')}.${extensionForMime(effectiveMime, extname(name))}`;
    if (!this.has(id)) {
      const tmp = join(this.dir, `.${randomUUID()}.part`);
      try {
        writeFileSync(tmp, bytes);
        renameSync(tmp, this.pathOf(id));
      } finally {
        rmSync(tmp, { force: true });
      }
    }
    return { id, name: basename(name) || 'pasted', mime: effectiveMime, size: bytes.byteLength };
  }
}
