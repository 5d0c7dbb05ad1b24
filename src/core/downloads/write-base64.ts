import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidBase64Error } from './errors';
import { HashedFile } from './file-sink';
import { SNIFF_BYTES, sniffMedia } from '../inputs/sniff';
import type { DownloadOutcome } from './types';

/** Options of `writeBase64File`. */
export interface WriteBase64Options {
  /** Content type to report; default: the `data:` URL's type, else sniffed from the magic bytes. */
  contentType?: string;
  /** Characters of base64 decoded per step (rounded down to a multiple of 4; default 1 MiB). */
  chunkChars?: number;
}

/**
 * Content type from the first bytes of a file, by the one sniffer that also admits staged inputs
 * (`inputs/sniff.ts`); null when it is not media Atelier knows.
 */
export function sniffContentType(head: Uint8Array): string | null {
  return sniffMedia(head)?.mime ?? null;
}

const BASE64_BODY = /^[A-Za-z0-9+/\-_]*$/;

/**
 * Writes a `b64_json` result (plain base64, base64url, or a `data:<type>;base64,` URL; whitespace allowed)
 * to `tempPath`, decoding in bounded steps so the decoded image never sits in memory twice, and returns
 * its size, sha256 and content type — the same shape as `downloadFile`. An existing file is replaced.
 *
 * @throws {InvalidBase64Error} on characters outside the base64 alphabets, misplaced padding or an empty result.
 */
export async function writeBase64File(
  base64: string,
  tempPath: string,
  options: WriteBase64Options = {},
): Promise<DownloadOutcome> {
  let start = 0;
  let declaredType: string | null = null;
  const dataUrl = /^\s*data:([^;,]*)(;[^,]*)?,/i.exec(base64.slice(0, 256));
  if (dataUrl) {
    if (!/;base64/i.test(dataUrl[2] ?? '')) throw new InvalidBase64Error('data URL is not base64-encoded');
    declaredType = dataUrl[1]?.trim().toLowerCase() || null;
    start = dataUrl[0].length;
  }
  const step = Math.max(4, Math.floor((options.chunkChars ?? 1 << 20) / 4) * 4);

  await mkdir(dirname(tempPath), { recursive: true });
  await rm(tempPath, { force: true });
  const file = new HashedFile(tempPath);
  let head: Buffer | null = null;
  let carry = '';
  let ended = false;
  try {
    for (let i = start; i < base64.length || carry.length > 0; i += step) {
      const last = i + step >= base64.length;
      let text = carry + base64.slice(i, i + step).replace(/\s+/g, '');
      carry = '';
      if (!last) {
        const usable = text.length - (text.length % 4);
        carry = text.slice(usable);
        text = text.slice(0, usable);
      }
      if (text.length === 0) {
        if (last) break;
        continue;
      }
      if (ended) throw new InvalidBase64Error('data after padding');
      const pad = /=+$/.exec(text)?.[0].length ?? 0;
      const body = pad ? text.slice(0, -pad) : text;
      if (pad > 2 || !BASE64_BODY.test(body))
        throw new InvalidBase64Error('character outside the base64 alphabet');
      if (pad > 0) ended = true;
      if (last && body.length % 4 === 1) throw new InvalidBase64Error('truncated payload');
      const bytes = Buffer.from(body, 'base64');
      head ??= bytes.subarray(0, SNIFF_BYTES);
      await file.write(bytes);
      if (last) break;
    }
    await file.close();
  } catch (err) {
    await file.close().catch(() => undefined);
    throw err;
  }
  if (file.size === 0) throw new InvalidBase64Error('empty payload');
  const contentType = options.contentType ?? declaredType ?? (head ? sniffContentType(head) : null);
  return { size: file.size, sha256: file.digest(), contentType };
}
