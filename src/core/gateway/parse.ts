/** Tolerant readers for gateway responses whose shapes drift (api-notes E.6). None of them throw. */

import { isAbsoluteHttpUrl } from '../../shared/domain/profile';

export type RemoteResult = { kind: 'url'; url: string } | { kind: 'b64'; data: string; mime: string | null };

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a dotted path from unknown JSON. */
export function at(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

export function firstString(value: unknown, paths: string[]): string | null {
  for (const p of paths) {
    const v = at(value, p);
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

/**
 * The task id of a submission response: `id`, `task_id`, `taskNo` or `data.task_id` (and kin). Never a
 * `request_id`: Kling and relays put one on every answer, refusals included (api-notes C), and it names the
 * HTTP exchange, not a task. (The one router that queries by `data.request_id` is read in its own adapter.)
 */
export const pickTaskId = (body: unknown): string | null =>
  firstString(body, ['data.task_id', 'data.taskNo', 'taskNo', 'task_id', 'id', 'data.id']);

/** "30%", 30, "0.3"? → 0..100, or null. Progress is never used as a completion signal (api-notes E.1). */
export function parseProgress(v: unknown): number | null {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v.replace('%', '')) : Number.NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(100, Math.max(0, n));
}

/** Seconds or milliseconds since the epoch → ms. Values past year 33658 in seconds are taken as ms. */
export function normalizeTimestamp(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  const ms = n > 1e12 ? Math.round(n) : Math.round(n * 1000);
  // Sub-millisecond or astronomically large values are not dates: null rather than 0 or an unsafe integer.
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}

export function parseNumber(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** See isAbsoluteHttpUrl (shared with the profile form's callback URL check). */
export const isHttpUrl = isAbsoluteHttpUrl;

/** `output_format` becomes part of a MIME type (and so of a file extension): only a short token is trusted. */
const b64Mime = (format: unknown): string | null =>
  typeof format === 'string' && /^[a-z0-9.+-]{1,16}$/i.test(format) ? `image/${format.toLowerCase()}` : null;

/**
 * Results in any of the shapes seen: an array of URLs, `{video_url}`, `{url}`, a bare URL, arrays of
 * `{url}` / `{b64_json}`, Kling's `{task_result:{videos:[{url}]}}` / `{images:[{url}]}` / `{series_images}`
 * (also when a relay passes Kling's answer through), `{image_urls}` / `{video_urls}`.
 */
export function extractResults(value: unknown, depth = 0): RemoteResult[] {
  if (depth > 6 || value === null || value === undefined) return [];
  if (typeof value === 'string') return isHttpUrl(value) ? [{ kind: 'url', url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v) => extractResults(v, depth + 1));
  if (!isRecord(value)) return [];
  if (typeof value.b64_json === 'string' && value.b64_json.length > 0)
    return [{ kind: 'b64', data: value.b64_json, mime: b64Mime(value.output_format) }];
  for (const key of ['video_url', 'url', 'image_url', 'result_url']) {
    const v = value[key];
    if (typeof v === 'string' && isHttpUrl(v)) return [{ kind: 'url', url: v }];
  }
  for (const key of [
    'task_result',
    'videos',
    'images',
    'series_images',
    'image_urls',
    'video_urls',
    'result_urls',
    'urls',
    'result',
    'data',
  ]) {
    if (key in value) {
      const found = extractResults(value[key], depth + 1);
      if (found.length) return found;
    }
  }
  return [];
}

/** A result URL as compared for sameness: parsed (scheme and host lower-cased, default port dropped, dot
 * segments resolved, percent-escapes as URL writes them), without its fragment (never sent to a server). */
export function normalizeResultUrl(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * Results with each URL once (first spelling kept, order kept): a relay may name the same file twice, e.g.
 * new-api's `result_url` and the upstream task object's `task_result.videos[].url` (api-notes B). Inline
 * (b64) results and entries without a URL of their own pass unchanged.
 */
export function uniqueResults(results: readonly RemoteResult[]): RemoteResult[] {
  const seen = new Set<string>();
  return results.filter((r) => {
    if (r.kind !== 'url') return true;
    const key = normalizeResultUrl(r.url);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A short human message from an error body: `message`, `error.message`, `error`, `msg`, or the text. */
export function errorMessage(body: unknown, fallback: string): string {
  const found = firstString(body, [
    'error.message',
    'message',
    'error',
    'msg',
    'data.error',
    'fail_reason',
    'data.fail_reason',
    'detail',
  ]);
  if (found) return found.slice(0, 500);
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  return fallback;
}
