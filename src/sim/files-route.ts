import type { Route, SimContext } from './context';
import type { Exchange } from './exchange';
import { HttpError, sendJson } from './exchange';
import type { StoredFile } from './file-store';
import { serveSource } from './serve-bytes';
import { blobSource } from './byte-source';
import { applyRequestFaults } from './request-faults';

/** Serves a task's result file, applying the download faults of the file's family. */
export async function serveFile(ex: Exchange, ctx: SimContext, file: StoredFile): Promise<void> {
  const cut = ctx.faults.take('truncate', 'download', file.family);
  const slow = ctx.faults.take('slowBody', 'download', file.family);
  await serveSource(ex, ctx.files.source(file), {
    truncate: cut !== undefined,
    truncateRanged: cut?.ranged === true,
    slowMs: slow ? (slow.delayMs ?? 50) : 0,
  });
}

async function getFile(ex: Exchange, ctx: SimContext): Promise<void> {
  const file = ctx.files.get(ex.params[0] ?? '');
  if (!file || ctx.now() < file.availableAt) throw new HttpError(404, 'not_found', 'no such file');
  ex.family = file.family;
  // /files has no family of its own, so download faults use the family of the task that made the file.
  if (await applyRequestFaults(ex, ctx, 'download', file.family)) return;
  const token = ex.url.searchParams.get('token') ?? '';
  // Like a signed object-store URL: a wrong or expired token answers 403 "Request has expired".
  const expired = (): void => sendJson(ex, 403, { message: 'Request has expired' });
  if (token !== file.token || file.expiredTokens.has(token)) return expired();
  if (token !== file.freshToken && ctx.faults.take('expireUrl', 'download', file.family)) {
    ctx.files.expire(file, token);
    return expired();
  }
  await serveFile(ex, ctx, file);
}

/** GET /__sim/blob/{bytes}: a deterministic blob of any size for download benchmarks; no auth. */
async function getBlob(ex: Exchange): Promise<void> {
  const size = Number(ex.params[0]);
  if (!Number.isSafeInteger(size) || size < 0 || size > 2 ** 36)
    throw new HttpError(400, 'invalid_request', 'blob size must be 0..2^36 bytes');
  await serveSource(ex, blobSource(size), { truncate: false, slowMs: 0 });
}

export const fileRoutes: Route[] = [
  {
    method: 'GET_HEAD',
    pattern: /^\/files\/([^/]+)\/[^/]+$/,
    family: 'files',
    auth: 'none',
    handle: getFile,
  },
];

export const blobRoutes: Route[] = [
  { method: 'GET_HEAD', pattern: /^\/__sim\/blob\/(\d+)$/, family: 'control', auth: 'none', handle: getBlob },
];
