import type { BridgeTransport } from '../../../shared/bridge/client';
import { electronApi, webSessionToken } from './environment';
import { createWebTransport } from './web-transport';

/**
 * Picks the transport: the preload's `window.atelier` in Electron, else the web host's WebSocket (opened
 * now). Null in web mode without a session token. Imports no schema code: the entry chunk loads it.
 */
export function connectTransport(onStatus: (connected: boolean) => void): BridgeTransport | null {
  const api = electronApi();
  if (api) {
    onStatus(true);
    return { kind: 'electron', invoke: api.invoke, subscribe: api.subscribe };
  }
  const token = webSessionToken();
  if (!token) return null;
  return createWebTransport(token, onStatus);
}
