import type { EventName, MethodName } from './contract';
import type { BridgeReply } from './result';

/** The shape of `window.atelier`, exposed by the Electron preload. Absent in web mode. */
export interface ElectronBridgeApi {
  methods: MethodName[];
  events: EventName[];
  invoke(method: MethodName, input: unknown): Promise<BridgeReply<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  /** The file-system path of a dropped/picked File, or null (pasted images have none). */
  pathForFile(file: File): string | null;
}
