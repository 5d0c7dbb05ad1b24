import type { EventName, EventPayload } from '../shared/bridge/contract';

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Core's push events (facts, named as in the contract); transports subscribe and forward them. */
export class CoreEvents {
  private readonly listeners = new Set<CoreEventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) {
      try {
        l(event, payload);
      } catch {
        // A failing transport listener must never break core's own work.
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: CoreEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
