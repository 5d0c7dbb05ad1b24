import { createBridgeClient, type BridgeClient, type BridgeTransport } from '../../../shared/bridge/client';
import { electronApi, webSessionToken } from './environment';
import { createWebTransport } from './web-transport';

/** Picks the transport: the preload's `window.atelier` in Electron, else the web host's WebSocket. */
export function connectBridge(onStatus: (connected: boolean) => void): BridgeClient | null {
  const api = electronApi();
  if (api) {
    onStatus(true);
    const transport: BridgeTransport = { kind: 'electron', invoke: api.invoke, subscribe: api.subscribe };
    return createBridgeClient(transport);
  }
  const token = webSessionToken();
  if (!token) return null;
  return createBridgeClient(createWebTransport(token, onStatus));
}
