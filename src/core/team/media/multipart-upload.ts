import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  S3ServiceException,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { z } from 'zod';

export interface MultipartOptions {
  /** Files at least this large go up in parts (default 64 MiB). */
  threshold: number;
  /** Bytes per part (S3's least is 5 MiB for every part but the last; default 16 MiB). */
  partSize: number;
  /** Where an upload's id and finished parts are kept, so a restart continues it (absent: not resumable). */
  stateDir?: string;
  /** Told after each part is stored (tests stop an upload here, as a crash would). */
  onPart?: (partNumber: number) => void;
}

export const DEFAULT_MULTIPART: MultipartOptions = {
  threshold: 64 * 1024 * 1024,
  partSize: 16 * 1024 * 1024,
};

const stateSchema = z.object({
  key: z.string(),
  uploadId: z.string(),
  size: z.number(),
  partSize: z.number(),
  parts: z.array(z.object({ PartNumber: z.number().int().positive(), ETag: z.string() })),
});
type UploadState = z.infer<typeof stateSchema>;

/**
 * A large result into S3 in parts (CreateMultipartUpload / UploadPart / CompleteMultipartUpload, which
 * s3rver implements too). Resumable: the upload id and each stored part's ETag are written to `stateDir`
 * after every part, so after a crash or restart the same upload continues from the first missing part and
 * no part is sent twice. ListParts is not used (s3rver does not implement it): the state file is the record.
 * An upload the server no longer knows (expired, aborted) starts over once. The object key is content-
 * addressed, so a finished object is never stored twice either (the caller HEADs first).
 */
export async function multipartPut(
  client: S3Client,
  target: { bucket: string; key: string; name: string },
  file: string,
  size: number,
  mime: string,
  options: MultipartOptions,
): Promise<{ partsSent: number; resumed: boolean }> {
  const statePath = options.stateDir ? join(options.stateDir, `${target.name}.upload.json`) : null;
  const saved = statePath ? await readState(statePath) : null;
  const usable =
    saved && saved.key === target.key && saved.size === size && saved.partSize === options.partSize
      ? saved
      : null;
  try {
    return await upload(usable);
  } catch (e) {
    if (!(usable && e instanceof S3ServiceException && e.name === 'NoSuchUpload')) throw e;
    return upload(null); // the server forgot the upload: start a new one
  }

  async function upload(from: UploadState | null): Promise<{ partsSent: number; resumed: boolean }> {
    let state = from;
    if (!state) {
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket: target.bucket, Key: target.key, ContentType: mime }),
      );
      if (!created.UploadId) throw new Error('the storage started no multipart upload');
      state = { key: target.key, uploadId: created.UploadId, size, partSize: options.partSize, parts: [] };
      await saveState(state);
    }
    const count = Math.max(1, Math.ceil(size / options.partSize));
    const done = new Set(state.parts.map((p) => p.PartNumber));
    let sent = 0;
    for (let n = 1; n <= count; n++) {
      if (done.has(n)) continue;
      const start = (n - 1) * options.partSize;
      const end = Math.min(size, start + options.partSize);
      const part: { ETag?: string | undefined } = await client.send(
        new UploadPartCommand({
          Bucket: target.bucket,
          Key: target.key,
          UploadId: state.uploadId,
          PartNumber: n,
          ContentLength: end - start,
          Body: createReadStream(file, { start, end: end - 1 }),
        }),
      );
      if (!part.ETag) throw new Error(`the storage gave no ETag for part ${n}`);
      state = { ...state, parts: [...state.parts, { PartNumber: n, ETag: part.ETag }] };
      await saveState(state);
      sent++;
      options.onPart?.(n);
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: target.bucket,
        Key: target.key,
        UploadId: state.uploadId,
        MultipartUpload: { Parts: [...state.parts].sort((a, b) => a.PartNumber - b.PartNumber) },
      }),
    );
    if (statePath) await rm(statePath, { force: true });
    return { partsSent: sent, resumed: from !== null };
  }

  async function saveState(state: UploadState): Promise<void> {
    if (!statePath || !options.stateDir) return;
    await mkdir(options.stateDir, { recursive: true });
    await writeFile(`${statePath}.tmp`, JSON.stringify(state));
    await rename(`${statePath}.tmp`, statePath);
  }
}

async function readState(path: string): Promise<UploadState | null> {
  try {
    return stateSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    return null; // none, or unreadable: a new upload
  }
}
