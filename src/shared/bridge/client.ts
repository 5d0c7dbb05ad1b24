import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from './contract';
import { BridgeError } from './bridge-error';
import type { BridgeReply } from './result';

/** What a transport provides: raw calls and raw subscriptions (Electron preload or WebSocket). */
export interface BridgeTransport {
  readonly kind: 'electron' | 'web';
  invoke(method: MethodName, input: unknown): Promise<BridgeReply<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** The typed client the renderer uses; it cannot tell which transport it has. */
export interface BridgeClient {
  readonly transport: 'electron' | 'web';
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createBridgeClient(transport: BridgeTransport): BridgeClient {
  return {
    transport: transport.kind,
    async call(method, input) {
      const reply = await transport.invoke(method, input);
      if (!reply.ok) throw new BridgeError(reply.error.code, reply.error.message, reply.error.fields);
      return reply.value as MethodOutput<typeof method>;
    },
    on(event, listener) {
      return transport.subscribe(event, (payload) => listener(payload as EventPayload<typeof event>));
    },
  };
}
