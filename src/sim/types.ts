/** Public types of the gateway simulator. Kept free of imports so any consumer can depend on them. */

export type SimFamily = 'gateway' | 'videos' | 'imageEdit' | 'unifiedVideo' | 'unifiedImage' | 'vendor';

/** 'instant' ≈ 0.1–0.3 s per task, 'fast' well under a second, 'real' seconds to tens of seconds; a number multiplies 'real'. */
export type SimSpeed = 'instant' | 'fast' | 'real' | number;

export type SimFaultKind =
  | 'truncate'
  | 'slowBody'
  | 'rateLimit'
  | 'serverError'
  | 'reset'
  | 'expireUrl'
  | 'duplicateCallback'
  | 'delayCallback'
  | 'loseCallback'
  | 'videoUrlObject'
  | 'msTimestamps'
  | 'unknownFirst'
  | 'foreignResult'
  | 'resultUrlTwice'
  | 'klingTaskObject';

export type SimFaultPoint = 'submit' | 'query' | 'download' | 'callback';

export interface SimFault {
  kind: SimFaultKind;
  /** default: all families */
  family?: SimFamily;
  /** where the fault applies; see DEFAULT_FAULT_POINT in faults.ts for the per-kind default */
  on?: SimFaultPoint;
  /** 0..1, default 1 */
  probability?: number;
  /** apply at most N times, default unlimited */
  times?: number;
  /** for rateLimit (default 1) */
  retryAfterSeconds?: number;
  /** for slowBody / delayCallback */
  delayMs?: number;
  /** for truncate: cut Range resumes short too (a server that always cuts bodies short), not only bodies from byte 0 */
  ranged?: boolean;
}

export interface SimRequestLogEntry {
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  family: SimFamily | 'files' | 'control' | 'unknown';
  /** 0 when the connection was reset before a response was written */
  status: number;
  authorized: boolean;
  json?: unknown;
  form?: Record<string, string | string[]>;
  /** File parts as received (sha256 of the bytes: upload tests check they arrived intact). */
  files?: { field: string; filename: string; size: number; contentType: string; sha256?: string }[];
  /** authorization value redacted to 'Bearer ***' (and a custom gateway auth header to '***') */
  headers: Record<string, string>;
  /** Set when the submission was refused by the key's parallel limit (see `parallelLimit`). */
  refusal?: 'parallelLimit';
}
/** The key's parallel limit and what it did (see parallel-limit.ts). */
export interface SimParallelFigures {
  /** null: unlimited */
  limit: number | null;
  /** unfinished tasks now */
  running: number;
  /** the most tasks unfinished at once since start (admitted submissions included) */
  peak: number;
  /** submissions refused by the limit */
  refused: number;
}

/**
 * Where a persisted simulator keeps its task state (the app's demo gateway: a JSON file in the data folder,
 * read and written by the app's own store code, which keeps an unreadable file aside and reports it).
 */
export interface SimStateStore {
  /** The saved state through `salvage` (keeps what it can read, names what it dropped); `fallback` when none. */
  read<T>(salvage: (raw: unknown) => { value: T; dropped: string[] } | null, fallback: T): T;
  /** Replaces the saved state atomically; may throw (a full disk). */
  write(json: string): void;
}

export interface SimOptions {
  /** 0 = random */
  port?: number;
  apiKey: string;
  speed?: SimSpeed;
  /** header name for /open/aigw; default 'authorization' expecting 'Bearer <key>'; any other header name expects the raw key */
  gatewayAuthHeader?: string;
  faults?: SimFault[];
  seed?: number;
  /** when set, every video result is a deterministic blob of this size instead of a clip (benchmarks) */
  videoResultBytes?: number;
  /** expose /__sim/* control routes, default true */
  control?: boolean;
  /** directory holding the committed clips; default: env ATELIER_SIM_RESOURCES, else resources/sim next to the source */
  resourcesDir?: string;
  /** keep the task state there across restarts (the demo gateway); default: in memory only */
  state?: SimStateStore;
  /** the key's parallel limit: more unfinished tasks are refused (1303 as HTTP 200, or 429); default unlimited */
  parallelLimit?: number;
  /** The clock the tasks' timelines read (tests: a clock that moves between two reads); default `Date.now`. */
  now?: () => number;
}

export interface Simulator {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  apiKey: string;
  log: SimRequestLogEntry[];
  setFaults(faults: SimFault[]): void;
  clearLog(): void;
  close(): Promise<void>;
  /** sha256 hex and size of the bytes a result URL serves (for tests that verify downloads) */
  describeResult(url: string): { sha256: string; size: number } | undefined;
  /** Task id → when it finishes (ms epoch): benches measure detection delay against it. */
  finishTimes(): Record<string, number>;
  /** How many tasks were read back from `state` at start (0 without it). */
  restoredTasks: number;
  /** Changes the key's parallel limit (null: unlimited). */
  setParallelLimit(limit: number | null): void;
  /** The parallel limit, running tasks, peak and refusals. */
  parallelFigures(): SimParallelFigures;
}
