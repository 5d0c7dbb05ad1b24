import { errorMessage } from '../../shared/error-message';
import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BridgeError } from '../../shared/bridge/result';

/** Largest file fetched from a link to be uploaded as a multipart part. */
export const MAX_URL_INPUT_BYTES = 512 * 1024 * 1024;

/**
 * Fetches a link the user gave as an input and streams it to a temp file in `dir`, refusing anything past
 * `maxBytes` (declared or actually sent), so a huge or endless answer never sits in memory. Returns that
 * file's path and media type; `cleanup` removes it once the request that used it is done.
 */
export async function spoolUrl(
  url: string,
  dir: string,
  fetchImpl: typeof fetch,
  maxBytes = MAX_URL_INPUT_BYTES,
): Promise<{ path: string; type: string; cleanup: () => void }> {
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(10 * 60_000) });
  const tooLarge = () =>
    new BridgeError(
      'invalid_input',
      `The file at ${url.slice(0, 200)} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new BridgeError('invalid_input', `Could not fetch ${url.slice(0, 200)} (${res.status}).`);
  }
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const path = join(dir, `.url-${randomUUID()}.part`);
  const cleanup = () => rmSync(path, { force: true });
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      cb(seen > maxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      cap,
      createWriteStream(path, { mode: 0o600 }),
    );
    const type = res.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    return { path, type, cleanup };
  } catch (e) {
    cleanup();
    if (e instanceof BridgeError) throw e;
    throw new BridgeError(
      'invalid_input',
      `Could not fetch ${url.slice(0, 200)}: ${errorMessage(e)}`,
    );
  }
}
