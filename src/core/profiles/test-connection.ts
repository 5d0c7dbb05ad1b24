import type { ConnectionTest } from '../../shared/domain/profile';
import type { Clock } from '../ports';
import type { ResolvedProfile } from './profile-service';

/**
 * Asks the gateway about a task id that cannot exist, with the profile's key: 401 means the key is wrong,
 * any other HTTP answer means the gateway is reachable and accepted the key (a 404 is the expected reply).
 */
export async function testConnection(target: ResolvedProfile, fetchImpl: typeof fetch, clock: Clock): Promise<ConnectionTest> {
  const started = clock.now();
  if (!target.apiKey) return { ok: false, httpStatus: null, latencyMs: 0, message: 'No API key is set for this gateway.' };
  try {
    const res = await fetchImpl(`${target.baseUrl}/v1/videos/atelier-connection-test`, {
      headers: { Authorization: `Bearer ${target.apiKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    const latencyMs = Math.max(0, clock.now() - started);
    if (res.status === 401 || res.status === 403)
      return { ok: false, httpStatus: res.status, latencyMs, message: 'The gateway refused the API key.' };
    if (res.status >= 500) return { ok: false, httpStatus: res.status, latencyMs, message: `The gateway answered ${res.status}.` };
    return { ok: true, httpStatus: res.status, latencyMs, message: `Connected in ${latencyMs} ms.` };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { ok: false, httpStatus: null, latencyMs: Math.max(0, clock.now() - started), message: `Cannot reach the gateway: ${reason}` };
  }
}
