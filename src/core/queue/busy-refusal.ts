/**
 * Which submission refusals mean "not now" rather than "no" (issue 30): nothing was created at the gateway
 * and nothing spent, so the task goes back to `waiting` instead of failing.
 *
 * - `parallel`: over the key's parallel limit: Kling's 1303 ("parallel task over resource pack limit", often
 *   as HTTP 200), or a 429 whose body names the parallel/concurrency limit. The queue learns the limit.
 * - `rate`: too many requests: Kling's 1302, or any other 429. The queue backs off; the limit is unchanged.
 */
export type BusyKind = 'parallel' | 'rate';

export interface RefusalFacts {
  httpStatus: number;
  /** The envelope's refusal code (a refusal inside a 2xx answer); null for an HTTP error status. */
  envelopeCode: string | null;
  raw: unknown;
}

const PARALLEL_WORDS = /parallel|concurren|too many (running|active|tasks)|task limit/i;
const PARALLEL_CODES = new Set(['1303', 'parallel_limit', 'concurrency_limit', 'too_many_concurrent_tasks']);
const RATE_CODES = new Set(['1302', '429', 'rate_limit_exceeded', 'rate_limited']);

export function busyKind(facts: RefusalFacts): BusyKind | null {
  const code = (facts.envelopeCode ?? bodyCode(facts.raw) ?? '').trim().toLowerCase();
  if (facts.envelopeCode !== null) {
    if (PARALLEL_CODES.has(code)) return 'parallel';
    if (RATE_CODES.has(code)) return 'rate';
    return null;
  }
  if (facts.httpStatus !== 429) return null;
  if (PARALLEL_CODES.has(code) || PARALLEL_WORDS.test(bodyMessage(facts.raw))) return 'parallel';
  return 'rate';
}

function bodyCode(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const nested = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : {};
  const code = record.code ?? nested.code ?? nested.type;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : null;
}

function bodyMessage(raw: unknown): string {
  if (typeof raw === 'string') return raw.slice(0, 2000);
  if (typeof raw !== 'object' || raw === null) return '';
  const record = raw as Record<string, unknown>;
  const nested = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : {};
  return [record.message, record.msg, nested.message, record.error].filter((v): v is string => typeof v === 'string').join(' ');
}

/** How long a task waits after its `refusals`-th "not now" (1-based): the gateway's Retry-After when longer. */
export function backoffMs(kind: BusyKind, refusals: number, retryAfterMs: number | null): number {
  // A parallel refusal is mostly handled by the slot count (a learned limit holds the line until a task
  // finishes); the backoff only keeps a gateway that keeps refusing from being asked in a tight loop.
  const base = kind === 'parallel' ? 1_000 : 2_000;
  const grown = Math.min(60_000, base * 2 ** Math.max(0, Math.min(refusals - 1, 10)));
  return Math.max(grown, Math.min(retryAfterMs ?? 0, 5 * 60_000));
}
