import { errorMessage } from '../../shared/error-message';
import type { Logger } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { CALLBACK_PATH, CallbackReceiver, type CallbackHint, type CallbackVerdict } from './callback-receiver';
import { RememberedPort, startOnStablePort } from './remembered-port';

export interface CallbackEndpointDeps {
  dataDir: string;
  profiles: Pick<ProfileService, 'get'>;
  log: Logger;
}

/**
 * Where gateways call back: the receiver, started when a submission first promises a callback, on a port
 * that stays the same across restarts. The endpoint is built before the engine (which asks it for URLs) and
 * told where callbacks go by {@link deliverTo}; until then every callback is for an unknown task.
 */
export class CallbackEndpoint {
  private deliver: ((hint: CallbackHint) => Promise<CallbackVerdict>) | null = null;
  private readonly receiver: CallbackReceiver;
  private readonly remembered: RememberedPort;

  constructor(private readonly deps: CallbackEndpointDeps) {
    this.receiver = new CallbackReceiver((hint) => this.deliver?.(hint) ?? Promise.resolve('unknown-task'), deps.log);
    this.remembered = new RememberedPort(deps.dataDir);
  }

  deliverTo(handler: (hint: CallbackHint) => Promise<CallbackVerdict>): void {
    this.deliver = handler;
  }

  /** The callback URL for a submission of `profileId`, or null when callbacks are off for that profile. */
  async urlFor(profileId: string, token: string): Promise<string | null> {
    const profile = await this.deps.profiles.get(profileId);
    if (!profile.callbacks.enabled) return null;
    const port = await this.start(profile.callbacks.localPort);
    const base = profile.callbacks.publicUrl.trim() || `http://127.0.0.1:${port}`;
    return `${base.replace(/\/+$/, '')}${CALLBACK_PATH}${token}`;
  }

  /** At start: callbacks promised before a restart must find the receiver again, on the same port. */
  async resume(awaiting: { profileId: string } | null): Promise<void> {
    if (!awaiting) return;
    const profile = await this.deps.profiles.get(awaiting.profileId).catch(() => null);
    await this.start(profile?.callbacks.localPort ?? 0).catch((e: unknown) =>
      this.deps.log.warn('callback receiver did not start; polling continues', { error: errorMessage(e) }),
    );
  }

  stop(): Promise<void> {
    return this.receiver.stop();
  }

  private start(localPort: number): Promise<number> {
    return startOnStablePort(localPort, this.remembered, (p) => this.receiver.start(p));
  }
}
