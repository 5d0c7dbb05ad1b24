import type { EventName, MethodName } from './contract';
import type { BridgeReply } from './result';

/** The shape of `window.atelier`, exposed by the Electron preload. Absent in web mode. */
export interface ElectronBridgeApi {
  methods: MethodName[];
  events: EventName[];
  invoke(method: MethodName, input: unknown): Promise<BridgeReply<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  /**
   * Stages a dropped/picked File by its file-system path (core copies it), or returns null when the File
   * has no path (pasted images, constructed Files): send its bytes with `stageInputBytes` then.
   */
  stageFile(file: File): Promise<BridgeReply<unknown>> | null;
}
