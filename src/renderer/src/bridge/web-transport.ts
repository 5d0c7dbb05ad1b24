import type { BridgeTransport } from '../../../shared/bridge/client';
import type { EventName, MethodName } from '../../../shared/bridge/contract';
import type { BridgeReply } from '../../../shared/bridge/result';

interface Pending {
  resolve: (reply: BridgeReply<unknown>) => void;
}

/**
 * The WebSocket transport of web mode: same contract, same envelopes. Reconnects with backoff; calls made
 * while disconnected wait for the socket; calls in flight when it drops fail with `gateway_unreachable`.
 */
export function createWebTransport(token: string, onStatus: (connected: boolean) => void): BridgeTransport {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let ready: Promise<WebSocket> = connect();
  let retry = 250;

  function connect(): Promise<WebSocket> {
    return new Promise((resolve) => {
      const open = () => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge?token=${encodeURIComponent(token)}`);
        ws.onopen = () => {
          socket = ws;
          retry = 250;
          onStatus(true);
          resolve(ws);
        };
        ws.onmessage = (m) => handle(String(m.data));
        ws.onclose = () => {
          onStatus(false);
          for (const p of pending.values()) p.resolve({ ok: false, error: { code: 'gateway_unreachable', message: 'Lost the connection to Atelier.' } });
          pending.clear();
          if (socket === ws) {
            socket = null;
            ready = connect();
          } else setTimeout(open, (retry = Math.min(retry * 2, 5000)));
        };
      };
      open();
    });
  }

  function handle(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    const m = msg as { type?: string; id?: number; reply?: BridgeReply<unknown>; event?: EventName; payload?: unknown };
    if (m.type === 'reply' && typeof m.id === 'number' && m.reply) {
      pending.get(m.id)?.resolve(m.reply);
      pending.delete(m.id);
    } else if (m.type === 'event' && m.event) {
      for (const l of listeners.get(m.event) ?? []) l(m.payload);
    }
  }

  return {
    kind: 'web',
    async invoke(method: MethodName, input: unknown) {
      const ws = socket ?? (await ready);
      const id = nextId++;
      return new Promise<BridgeReply<unknown>>((resolve) => {
        pending.set(id, { resolve });
        ws.send(JSON.stringify({ type: 'call', id, method, input }));
      });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
  };
}
