import type { Preferences } from '../shared/domain/preferences';
import type { EngineTuning } from './engine/tuning';
import type { HttpClient } from './http/http-client';
import type { TeamSession } from './team/team-session';

/** Where API keys live. Implementations: Electron safeStorage (main), a 0600 file (web host), memory (tests). */
export interface SecretStore {
  readonly description: { kind: 'os-keychain' | 'file-0600' | 'weak'; note: string };
  get(profileId: string): Promise<string | null>;
  /** Stores a key; a store that can only store weakly refuses unless `acceptWeak` (the user was asked). */
  set(profileId: string, key: string, options?: { acceptWeak?: boolean }): Promise<void>;
  clear(profileId: string): Promise<void>;
  has(profileId: string): Promise<boolean>;
}

/** Preferences persistence: electron-store in the app, a JSON file with the same schema in web mode. */
export interface PreferencesStore {
  read(): Preferences;
  write(next: Preferences): void;
}

export interface Clock {
  now(): number;
}

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** Where the demo gateway keeps its task state across restarts (core's JSON store in the data folder). */
export interface DemoStateStore {
  /** The saved state through `salvage` (keeps what it can read, names what it dropped); `fallback` when none. */
  read<T>(salvage: (raw: unknown) => { value: T; dropped: string[] } | null, fallback: T): T;
  /** Replaces the saved state (JSON text, serialised by the gateway) atomically; throws when it fails (a full disk). */
  write(json: string): void;
}

/** What core asks of the demo gateway's start: a port it remembers and a place for the task state. */
export interface DemoStartOptions {
  /** 0: any free port. A port another program holds fails the start (core then asks for any). */
  port: number;
  state: DemoStateStore;
}

/** The built-in demo gateway (the simulator), started lazily by the composition root that owns it. */
export interface DemoGateway {
  /** Without options: a random port and memory only (tests). */
  start(options?: DemoStartOptions): Promise<{ baseUrl: string; apiKey: string }>;
  stop(): Promise<void>;
  /**
   * The demo gateway's own published figures for a task (its timing and, where it charges, its price), read
   * in-process without HTTP, so estimates show before the first task. Absent: no figures.
   */
  figures?(query: DemoFiguresQuery): { durationMs: number; points: number | null } | null;
}

export interface DemoFiguresQuery {
  family: string;
  model: string;
  output: 'image' | 'video';
  values: Readonly<Record<string, unknown>>;
}

/** Desktop integrations only the Electron shell can do; the web host leaves them out. */
export interface ShellPort {
  revealPath?(path: string): void;
  openExternal?(url: string): Promise<void>;
  chooseSavePath?(suggestedName: string): Promise<string | null>;
  notify?(title: string, body: string, taskId: string): void;
  /** The OS folder picker; null when the user cancelled. */
  chooseFolder?(current: string): Promise<string | null>;
  /** Starts an OS drag of a file out of the window (the renderer asked from its `dragstart`). */
  startDrag?(path: string): void;
  /** Quits the app the usual way (core stopped first) and starts it again. */
  relaunch?(): void;
}

/** Everything core needs from its host, injected so core never imports electron. */
export interface CorePorts {
  dataDir: string;
  transport: 'electron' | 'web';
  appVersion: string;
  secrets: SecretStore;
  preferences: PreferencesStore;
  clock?: Clock;
  log?: Logger;
  demo?: DemoGateway;
  shell?: ShellPort;
  /** Core's way to the network (default: the system client; tests inject one, e.g. fetchHttpClient). */
  http?: HttpClient;
  /** Engine timings (tests shrink them for a fast simulator). */
  tuning?: Partial<EngineTuning>;
  /** Team mode: the joined team (PostgreSQL ledger, media store, leases). Absent: solo. */
  team?: TeamSession;
  /** The team saved in Settings could not be joined at this start (this run is on its own): why. */
  teamStartError?: string;
  /** Bound of one board export's result bytes (default 2 GiB; tests shrink it). */
  exportMaxBytes?: number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
