import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest } from './exchange';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Map<string, string[]>;
  files: FilePart[];
}

interface PartHead {
  name: string;
  filename: string | undefined;
  contentType: string;
}

function parseHead(raw: string): PartHead {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType = 'application/octet-stream';
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') contentType = value;
    if (key === 'content-disposition') {
      name =
        /(?:^|;)\s*name="([^"]*)"/i.exec(value)?.[1] ?? /(?:^|;)\s*name=([^;]+)/i.exec(value)?.[1]?.trim();
      filename =
        /(?:^|;)\s*filename="([^"]*)"/i.exec(value)?.[1] ??
        /(?:^|;)\s*filename=([^;]+)/i.exec(value)?.[1]?.trim();
    }
  }
  if (name === undefined) throw badRequest('multipart part without a content-disposition name');
  return { name, filename, contentType };
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m?.[1] ?? m?.[2];
}

/**
 * Streaming multipart/form-data parser. It scans each incoming chunk for the delimiter and keeps
 * only a delimiter-sized tail between chunks, so a 200 MB upload is copied about once, not
 * re-buffered as it grows. Each part's chunks are joined once when the part ends.
 */
export async function parseMultipart(
  req: IncomingMessage,
  boundary: string,
  limit: number,
): Promise<MultipartBody> {
  // A leading CRLF makes the first delimiter look like every other one.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const body: MultipartBody = { fields: new Map(), files: [] };
  let pending: Buffer = Buffer.from('\r\n');
  // Widened on purpose: consume() changes it, which TypeScript's narrowing cannot see.
  let state = 'preamble' as 'preamble' | 'afterDelimiter' | 'head' | 'data' | 'done';
  let head: PartHead | undefined;
  let parts: Buffer[] = [];
  let total = 0;

  const finishPart = (): void => {
    if (!head) return;
    const data = Buffer.concat(parts);
    if (head.filename !== undefined)
      body.files.push({ field: head.name, filename: head.filename, contentType: head.contentType, data });
    else body.fields.set(head.name, [...(body.fields.get(head.name) ?? []), data.toString('utf8')]);
    head = undefined;
    parts = [];
  };

  const consume = (final: boolean): void => {
    for (;;) {
      if (state === 'preamble' || state === 'data') {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const keep = final ? 0 : Math.min(pending.length, delimiter.length - 1);
          if (state === 'data' && pending.length > keep)
            parts.push(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
          return;
        }
        if (state === 'data') {
          parts.push(pending.subarray(0, at));
          finishPart();
        }
        pending = pending.subarray(at + delimiter.length);
        state = 'afterDelimiter';
      } else if (state === 'afterDelimiter') {
        if (pending.length < 2) return;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = 'done';
          return;
        }
        pending = pending.subarray(2);
        state = 'head';
      } else if (state === 'head') {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) {
          if (pending.length > 16 * 1024) throw badRequest('multipart part headers are too large');
          return;
        }
        head = parseHead(pending.subarray(0, end).toString('utf8'));
        pending = pending.subarray(end + 4);
        state = 'data';
      } else return;
    }
  };

  const isDone = (): boolean => state === 'done';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`);
    if (state === 'done') continue; // drain the epilogue
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    consume(false);
  }
  if (state !== 'done') {
    consume(true);
    if (!isDone()) throw badRequest('multipart body ended before its closing boundary');
  }
  return body;
}
