import { errorMessage } from '../../shared/error-message';
import type { ConnectionTest } from '../../shared/domain/profile';
import { redact } from '../logging/redact';
import type { Clock } from '../ports';
import type { ResolvedProfile } from './profile-service';

/**
 * Asks the gateway about a task id that cannot exist, with the profile's key: 401 means the key is wrong,
 * any other HTTP answer means the gateway is reachable and accepted the key (a 404 is the expected reply).
 * The English `message` is for logs and tests; the UI translates `outcome`.
 */
export async function testConnection(target: ResolvedProfile, fetchImpl: typeof fetch, clock: Clock): Promise<ConnectionTest> {
  const started = clock.now();
  const elapsed = () => Math.max(0, clock.now() - started);
  if (!target.apiKey) return { ok: false, outcome: 'noKey', httpStatus: null, latencyMs: 0, message: 'No API key is set for this gateway.' };
  try {
    const res = await fetchImpl(`${target.baseUrl}/v1/videos/atelier-connection-test`, {
      headers: { Authorization: `Bearer ${target.apiKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    const latencyMs = elapsed();
    if (res.status === 401 || res.status === 403)
      return { ok: false, outcome: 'refused', httpStatus: res.status, latencyMs, message: 'The gateway refused the API key.' };
    if (res.status >= 500) return { ok: false, outcome: 'error', httpStatus: res.status, latencyMs, message: `The gateway answered ${res.status}.` };
    return { ok: true, outcome: 'ok', httpStatus: res.status, latencyMs, message: `Connected in ${latencyMs} ms.` };
  } catch (e) {
    // A network error's text could in theory quote the request; scrub the key before it travels.
    const reason = String(redact(errorMessage(e), [target.apiKey]));
    return { ok: false, outcome: 'unreachable', httpStatus: null, latencyMs: elapsed(), message: `Cannot reach the gateway: ${reason}` };
  }
}
