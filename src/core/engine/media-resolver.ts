import { readFileSync, statSync } from 'node:fs';
import type { MultipartFile } from '../gateway/multipart';
import type { MediaValue } from '../../shared/operations/media';
import { BridgeError } from '../../shared/bridge/result';
import type { InputStore } from '../inputs/input-store';
import { mimeFromName } from '../inputs/mime';
import { resolveMediaPath } from '../media/resolve-media-path';
import { spoolUrl } from './url-spool';

/** Largest file sent inline as a data: URL in a JSON body. */
const MAX_INLINE_BYTES = 30 * 1024 * 1024;

export interface MediaResolver {
  /** What a JSON field carries for a media value: its link, or a data: URL of the local file. */
  asUrl(value: MediaValue): string;
  /** A file part for multipart requests (field `name`), streamed from disk when the request is sent. */
  asFile(name: string, value: MediaValue): Promise<MultipartFile>;
  /** Removes the temp files of links fetched for upload (call when the request is done). */
  cleanup(): void;
}

/** The library file a task records for result `index`, or null: the renderer's own `file` is never trusted. */
export type ResultFileLookup = (taskId: string, index: number) => string | null;

export function createMediaResolver(
  inputs: InputStore,
  libraryDir: string,
  fetchImpl: typeof fetch,
  resultFile: ResultFileLookup = () => null,
): MediaResolver {
  const spooled: (() => void)[] = [];
  const localPath = (v: MediaValue): { path: string; mime: string; name: string } | null => {
    if (v.kind === 'file') return { path: inputs.pathOf(v.input.id), mime: v.input.mime, name: v.input.name };
    if (v.kind === 'result' && v.file) {
      // Core reads only the file its own task records, resolved inside the library (no `..`, no symlink out).
      const file = resultFile(v.taskId, v.index);
      const path = file
        ? resolveMediaPath({ library: libraryDir, inputs: inputs.dir, thumbs: inputs.dir }, `library/${file}`)
        : null;
      if (!file || !path)
        throw new BridgeError('invalid_input', 'This gallery result has no file on disk; pick it again.');
      return { path, mime: mimeFromName(file), name: file.split('/').pop() ?? 'result' };
    }
    return null;
  };
  return {
    asUrl(v) {
      if (v.kind === 'url') return v.url;
      if (v.kind === 'result' && v.remoteUrl) return v.remoteUrl;
      const local = localPath(v);
      if (!local)
        throw new BridgeError('invalid_input', 'A gallery result without a link or file cannot be sent.');
      let bytes: Buffer;
      try {
        bytes = readFileSync(local.path);
      } catch {
        throw new BridgeError('invalid_input', `The file ${local.name} is no longer available.`);
      }
      if (bytes.byteLength > MAX_INLINE_BYTES)
        throw new BridgeError(
          'invalid_input',
          `${local.name} is too large to send inline (over 30 MB); use a link.`,
        );
      return `data:${local.mime};base64,${bytes.toString('base64')}`;
    },
    async asFile(name, v) {
      const local = localPath(v);
      if (local) {
        try {
          if (!statSync(local.path).isFile()) throw new Error('not a file');
        } catch {
          throw new BridgeError('invalid_input', `The file ${local.name} is no longer available.`);
        }
        return { name, path: local.path, filename: local.name, type: local.mime };
      }
      const url = v.kind === 'url' ? v.url : v.kind === 'result' ? v.remoteUrl : null;
      if (!url) throw new BridgeError('invalid_input', 'Nothing to upload for this input.');
      // Streamed to a temp file with a cap, never buffered whole (a 2 GiB answer must not become 2 GiB of RAM).
      const { path, type, cleanup } = await spoolUrl(url, inputs.dir, fetchImpl);
      spooled.push(cleanup);
      return { name, path, type, filename: new URL(url).pathname.split('/').pop() || 'image' };
    },
    cleanup() {
      for (const c of spooled.splice(0)) c();
    },
  };
}
