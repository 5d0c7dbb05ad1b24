import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, openSync, readSync, closeSync, renameSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import type { InputRef } from '../../shared/domain/task';
import { extensionForMime } from './mime';
import { MAX_STAGED_BYTES, SNIFF_BYTES, sniffMedia, type Sniffed } from './sniff';

/** Largest file accepted as an input of any kind (see MAX_STAGED_BYTES for the limit per kind). */
export const MAX_INPUT_BYTES = Math.max(...Object.values(MAX_STAGED_BYTES));

const INPUT_ID = /^[a-f0-9]{64}\.[a-z0-9]{1,5}$/;

/**
 * Checks what a file's bytes say it is, and its size for that kind; throws a clear `invalid_input` whose
 * `fields.file` (`notMedia`, `tooLarge` with `maxMb`) lets the renderer say it in the user's language.
 */
function acceptMedia(name: string, head: Uint8Array, size: number): Sniffed {
  const sniffed = sniffMedia(head);
  if (!sniffed) throw new BridgeError('invalid_input', `${name} is not an image, video or audio file Atelier can use.`, { file: 'notMedia' });
  const max = MAX_STAGED_BYTES[sniffed.kind];
  const maxMb = String(Math.round(max / 1024 / 1024));
  if (size > max) throw new BridgeError('invalid_input', `${name} is larger than ${maxMb} MB.`, { file: 'tooLarge', maxMb });
  return sniffed;
}

/**
 * Copies of the user's input files in an app-owned folder, named by their sha256 so the same file dropped
 * twice is stored once, and a task can be reused or retried after the original is moved or deleted. Only
 * image, video and audio files are accepted, recognised by their bytes, within a size per kind.
 */
export class InputStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  pathOf(id: string): string {
    if (!INPUT_ID.test(id)) throw new BridgeError('invalid_input', 'Bad input id.');
    return join(this.dir, id);
  }

  has(id: string): boolean {
    return existsSync(this.pathOf(id));
  }

  /** True when `id` names a file this store holds (the media route serves only those). */
  holds(id: string): boolean {
    return INPUT_ID.test(id) && existsSync(join(this.dir, id));
  }

  async stageFromPath(path: string, displayName = basename(path)): Promise<InputRef> {
    let size: number;
    const head = new Uint8Array(SNIFF_BYTES);
    let headLength = 0;
    try {
      const st = statSync(path);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
      const fd = openSync(path, 'r');
      try {
        headLength = readSync(fd, head, 0, SNIFF_BYTES, 0);
      } finally {
        closeSync(fd);
      }
    } catch {
      throw new BridgeError('invalid_input', `Cannot read ${displayName}.`);
    }
    const { mime } = acceptMedia(displayName, head.subarray(0, headLength), size);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const id = `${hash.digest('hex')}.${extensionForMime(mime)}`;
    if (!this.has(id)) {
      const tmp = join(this.dir, `.${randomUUID()}.part`);
      try {
        await copyFile(path, tmp);
        renameSync(tmp, this.pathOf(id));
      } finally {
        rmSync(tmp, { force: true });
      }
    }
    return { id, name: displayName.slice(0, 260), mime, size };
  }

  stageBytes(name: string, _declaredMime: string, bytes: Uint8Array): InputRef {
    const { mime } = acceptMedia(name || 'pasted', bytes.subarray(0, SNIFF_BYTES), bytes.byteLength);
    const id = `${createHash('sha256').update(bytes).digest('hex')}.${extensionForMime(mime)}`;
    if (!this.has(id)) {
      const tmp = join(this.dir, `.${randomUUID()}.part`);
      try {
        writeFileSync(tmp, bytes, { mode: 0o600 });
        renameSync(tmp, this.pathOf(id));
      } finally {
        rmSync(tmp, { force: true });
      }
    }
    return { id, name: basename(name) || 'pasted', mime, size: bytes.byteLength };
  }
}
