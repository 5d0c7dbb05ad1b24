import { create } from 'zustand';

interface BridgeStatus {
  /** The transport to core is up (always true in Electron; the WebSocket's state in web mode). */
  connected: boolean;
  /** It was up once in this tab: a later drop means the host went away (or restarted with a new link). */
  everConnected: boolean;
  setConnected(connected: boolean): void;
}

/** Whether the renderer can reach core right now; the form refuses to send at once when it cannot. */
export const useBridgeStatus = create<BridgeStatus>()((set) => ({
  connected: false,
  everConnected: false,
  setConnected: (connected) => set((s) => ({ connected, everConnected: s.everConnected || connected })),
}));
