import { createContext, useContext, type ReactNode } from 'react';
import type { BridgeClient } from '../../../shared/bridge/client';

const BridgeContext = createContext<BridgeClient | null>(null);

export function BridgeProvider({ client, children }: { client: BridgeClient; children: ReactNode }) {
  return <BridgeContext.Provider value={client}>{children}</BridgeContext.Provider>;
}

/** The typed bridge client (Electron IPC or WebSocket; components cannot tell which). */
export function useBridge(): BridgeClient {
  const client = useContext(BridgeContext);
  if (!client) throw new Error('useBridge outside BridgeProvider');
  return client;
}
