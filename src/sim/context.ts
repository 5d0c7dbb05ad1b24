import type { SimFamily, SimSpeed } from './types';
import type { BaseTask } from './task';
import type { FaultEngine } from './faults';
import type { FileStore, StoredFile } from './file-store';
import type { MediaLibrary } from './media';
import type { Exchange } from './exchange';

/** Everything a family's handlers need; one per running simulator. */
export interface SimContext {
  apiKey: string;
  speed: SimSpeed;
  /** lower-case header name that carries the /open/aigw credential */
  gatewayAuthHeader: string;
  faults: FaultEngine;
  files: FileStore;
  media: MediaLibrary;
  baseUrl(): string;
  now(): number;
  /** a timer that close() cancels */
  schedule(ms: number, fn: () => void): void;
  /** resolves a served URL path (other than /files) to a file, for describeResult */
  resolvers: ((path: string) => StoredFile | undefined)[];
  /** Task id → when it finishes (ms epoch), for benches that measure how soon a client notices. */
  finishes: Map<string, number>;
  /** Family → task id → task (see familyTasks). */
  tasks: Map<SimFamily, Map<string, BaseTask>>;
  /** Writes the task state when the simulator persists it (the demo gateway); otherwise nothing. */
  saveState(): void;
}

export type FaultPointForRoute = 'submit' | 'query' | 'download';
export type AuthScheme = 'bearer' | 'gateway' | 'none';

export interface Route {
  method: 'GET' | 'POST' | 'GET_HEAD';
  pattern: RegExp;
  family: SimFamily | 'files' | 'control';
  point?: FaultPointForRoute;
  auth: AuthScheme;
  handle(ex: Exchange, ctx: SimContext): Promise<void> | void;
}
