import type { ConnectionTest } from '../../shared/domain/profile';
import type { GatewayHealth } from '../../shared/domain/gateway-health';

/** What one gateway answer says about the gateway's health: an HTTP status, or no answer at all. */
export type GatewayAnswer = number | 'unreachable';

export function healthOf(answer: GatewayAnswer): GatewayHealth {
  if (answer === 'unreachable') return 'unreachable';
  if (answer === 401 || answer === 403) return 'keyRefused';
  if (answer === 429) return 'rateLimited';
  if (answer >= 500) return 'unreachable';
  // 2xx and the other 4xx (a 400 about one request, a 404 for an unknown id) mean: reachable, key accepted.
  return 'ok';
}

export function healthOfTest(test: ConnectionTest): GatewayHealth {
  switch (test.outcome) {
    case 'ok':
      return 'ok';
    case 'refused':
      return 'keyRefused';
    case 'unreachable':
    case 'error':
      return 'unreachable';
    case 'noKey':
      return 'unknown';
  }
}

/**
 * The gateway's last answer per profile (ok / key refused / unreachable / rate limited), fed by every request
 * core makes (submissions, polls, connection tests). `onChange` fires when a profile's health changes, so the
 * top bar's pill follows the gateway, not only the local bridge. Forgotten when the key or address changes.
 */
export class GatewayHealthBook {
  readonly #health = new Map<string, GatewayHealth>();

  constructor(private readonly onChange: (profileId: string) => void) {}

  get(profileId: string): GatewayHealth {
    return this.#health.get(profileId) ?? 'unknown';
  }

  record(profileId: string, health: GatewayHealth): void {
    if (this.get(profileId) === health) return;
    if (health === 'unknown') this.#health.delete(profileId);
    else this.#health.set(profileId, health);
    this.onChange(profileId);
  }

  answer(profileId: string, answer: GatewayAnswer): void {
    this.record(profileId, healthOf(answer));
  }

  forget(profileId: string): void {
    this.record(profileId, 'unknown');
  }
}
