import type { SimContext } from './context';
import type { Exchange } from './exchange';
import { readJsonObject, sendJson } from './exchange';
import type { SimFamily, SimFaultPoint } from './types';

/**
 * Applies the faults that replace a whole response (reset, 429, 500) and arms slowBody for JSON
 * answers. Returns true when the request has been dealt with and the handler must not run.
 */
export async function applyRequestFaults(
  ex: Exchange,
  ctx: SimContext,
  point: SimFaultPoint,
  family: SimFamily,
): Promise<boolean> {
  if (ctx.faults.take('reset', point, family)) {
    ex.entry.status = 0;
    const socket = ex.req.socket;
    // A TCP RST where the platform supports it, as a crashed proxy would send.
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
    return true;
  }
  const limited = ctx.faults.take('rateLimit', point, family);
  const failed = limited ? undefined : ctx.faults.take('serverError', point, family);
  if (limited || failed) await consumeBody(ex);
  if (limited) {
    const seconds = limited.retryAfterSeconds ?? 1;
    sendJson(
      ex,
      429,
      { code: 'rate_limited', message: `too many requests; retry after ${seconds} s` },
      { 'retry-after': String(seconds) },
    );
    return true;
  }
  if (failed) {
    sendJson(ex, 500, { code: 'internal_error', message: 'simulated upstream failure' });
    return true;
  }
  if (point !== 'download') {
    const slow = ctx.faults.take('slowBody', point, family);
    if (slow) ex.slowMs = slow.delayMs ?? 1000;
  }
  return false;
}

/**
 * Reads the request before a refusal, so the log still shows what the client sent (tests assert
 * on it) and a large upload is not cut off mid-send.
 */
async function consumeBody(ex: Exchange): Promise<void> {
  try {
    if (/json/i.test(ex.req.headers['content-type'] ?? '')) await readJsonObject(ex);
    else for await (const _chunk of ex.req) void _chunk;
  } catch {
    // A malformed body does not matter: the answer is the fault either way.
  }
}
