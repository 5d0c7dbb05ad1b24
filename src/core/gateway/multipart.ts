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
  /** The body: small head buffers, then each file in reads of {@link READ_BYTES}. */
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
      for (const [i, f] of form.files.entries()) {
        yield heads[i] as Buffer;
        yield* readExactly(f.path, sizes[i] ?? 0);
      }
      yield tail;
    },
  };
}

/** Reads exactly `size` bytes of `path` in {@link READ_BYTES} reads; a file that changed size throws. */
async function* readExactly(path: string, size: number): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    let position = 0;
    while (position < size) {
      // A fresh buffer per read: the request may still hold the previous one until it is on the socket.
      const want = Math.min(READ_BYTES, size - position);
      const buffer = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buffer, 0, want, position);
      if (bytesRead === 0) throw new Error(`${path} became shorter while it was being sent`);
      position += bytesRead;
      yield bytesRead === want ? buffer : buffer.subarray(0, bytesRead);
    }
    if ((await handle.stat()).size !== size) throw new Error(`${path} changed while it was being sent`);
  } finally {
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
