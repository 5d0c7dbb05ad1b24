import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** A file part of a multipart request: streamed from `path` when the request is sent. */
export interface MultipartFile {
  /** Form field name (e.g. `image[]`). */
  name: string;
  path: string;
  filename: string;
  /** Media type of the part; empty for none. */
  type: string;
}

/** A multipart/form-data body: text fields first, then files, each in the given order. */
export interface MultipartForm {
  fields: Array<[string, string]>;
  files: MultipartFile[];
}

/** A multipart body ready to send: its exact length (the files were measured) and its bytes as a stream. */
export interface PreparedMultipart {
  contentType: string;
  /** Exact byte length: sent as Content-Length, so the request is never chunked. */
  length: number;
  /**
   * The body: small head buffers, then each file in reads of {@link READ_BYTES}. A file's chunk is only valid
   * until the next one is asked for: two buffers take turns (the next read runs while this one is sent), so
   * the consumer must be done with a chunk (written to the socket) before it pulls the next.
   */
  chunks(): AsyncGenerator<Uint8Array>;
}

/** One read of a file part. */
export const READ_BYTES = 1 << 20;

/** Field names and file names in a part header, escaped as the HTML standard (and fetch's FormData) does. */
const escapeName = (s: string): string => s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
/** Field values have their line breaks normalized to CRLF (as FormData does). */
const normalizeValue = (s: string): string => s.replace(/\r?\n|\r/g, '\r\n');

/**
 * Lays out a form as multipart/form-data (RFC 7578, encoded as fetch's FormData encodes it) after
 * measuring its files. A file whose size changes before it is sent fails the request (never a body of
 * the wrong length).
 */
export async function prepareMultipart(form: MultipartForm): Promise<PreparedMultipart> {
  const boundary = `----AtelierFormBoundary${randomBytes(16).toString('hex')}`;
  const enc = (s: string): Buffer => Buffer.from(s, 'utf8');
  const heads: Buffer[] = [];
  let text = '';
  for (const [name, value] of form.fields) {
    text +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n` +
      `${normalizeValue(value)}\r\n`;
  }
  const sizes: number[] = [];
  for (const [i, f] of form.files.entries()) {
    sizes.push((await stat(f.path)).size);
    const type = f.type || 'application/octet-stream';
    heads.push(
      enc(
        `${i === 0 ? text : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(f.name)}"; ` +
          `filename="${escapeName(f.filename)}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
  }
  const tail = enc(`${form.files.length === 0 ? text : '\r\n'}--${boundary}--\r\n`);
  const length = heads.reduce((n, h) => n + h.length, 0) + sizes.reduce((n, s) => n + s, 0) + tail.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    async *chunks() {
      // Two read buffers for the whole body, not a fresh 1 MiB one per read (issue 31: 128 of them per 128 MB
      // upload kept the garbage collector busy while the upload ran).
      const largest = Math.min(READ_BYTES, Math.max(0, ...sizes));
      const pool: [Buffer, Buffer] = [Buffer.allocUnsafe(largest), Buffer.allocUnsafe(largest)];
      for (const [i, f] of form.files.entries()) {
        yield heads[i] as Buffer;
        yield* readExactly(f.path, sizes[i] ?? 0, pool);
      }
      yield tail;
    },
  };
}

/**
 * Reads exactly `size` bytes of `path` in reads of up to {@link READ_BYTES}, into the two buffers of `pool` in
 * turn: the next read is started before a chunk is yielded, so the disk and the socket work at once. A chunk
 * is overwritten by the read after next, which starts only once the consumer has asked for the next chunk.
 * A file that changed size throws.
 */
async function* readExactly(path: string, size: number, pool: [Buffer, Buffer]): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  let turn = 0;
  const readAt = async (position: number): Promise<Buffer> => {
    const buffer = pool[turn++ % 2] as Buffer;
    const want = Math.min(buffer.length, size - position);
    const { bytesRead } = await handle.read(buffer, 0, want, position);
    if (bytesRead === 0) throw new Error(`${path} became shorter while it was being sent`);
    return bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
  };
  let next: Promise<Buffer> | null = size > 0 ? readAt(0) : null;
  try {
    let position = 0;
    while (next) {
      const chunk = await next;
      position += chunk.length;
      next = position < size ? readAt(position) : null;
      yield chunk;
    }
    if ((await handle.stat()).size !== size) throw new Error(`${path} changed while it was being sent`);
  } finally {
    // The consumer may stop early (the server answered first): let a read still running end before closing.
    await next?.catch(() => undefined);
    await handle.close();
  }
}

/** The same form as a FormData (files as disk-backed Blobs), for a fetch that was injected or a proxy. */
export async function toFormData(form: MultipartForm): Promise<FormData> {
  const data = new FormData();
  for (const [k, v] of form.fields) data.append(k, v);
  for (const f of form.files) data.append(f.name, await openAsBlob(f.path, { type: f.type }), f.filename);
  return data;
}
