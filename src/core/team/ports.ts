import type { TaskRecord } from '../tasks/task-record';

/**
 * The three ports between the engine and where a library lives (architecture.md, "Team mode"). Solo mode
 * implements them over today's SQLite file, local folder and "always mine"; team mode over PostgreSQL, S3 or
 * a shared folder, and real leases. One contract suite (contract.test.ts) runs against both.
 */

/** The right of one machine to work one task, until `until` (epoch ms). `epoch` fences its writes. */
export interface Lease {
  taskId: string;
  owner: string;
  epoch: number;
  until: number;
}

export interface LeaseCoordinator {
  /** This machine's name in `lease_owner`. */
  readonly owner: string;
  /** The lease length (ms): a holder renews well within it; another machine may take the task after it. */
  readonly leaseMs: number;
  /** Takes the task's lease when it is free or expired; null while another holder's lease is live. */
  acquire(taskId: string): Promise<Lease | null>;
  /** Extends a lease still held at its epoch; null when it was lost (expired and taken, or the task closed). */
  renew(lease: Lease): Promise<Lease | null>;
  /**
   * {@link renew} for every lease at once (one round trip): the renewed leases by task id; a task missing
   * from the answer lost its lease.
   */
  renewAll(leases: readonly Lease[]): Promise<Map<string, Lease>>;
  /** Gives the task up (it is closed, or this machine stops): another may take it at once. */
  release(lease: Lease): Promise<void>;
  /** Open tasks whose holder let the lease expire, taken for this machine (never two machines the same task). */
  claimExpired(limit: number): Promise<Lease[]>;
}

/** The day's caps: the whole team's, and per member (name → points). Null: no cap. */
export interface Budget {
  dailyCap: number | null;
  memberCaps: Readonly<Record<string, number>>;
}

export interface MemberSpend {
  member: string;
  day: string;
  /** Points held for tasks not settled yet plus points settled. */
  points: number;
  tasks: number;
}

/** The submission would pass a cap: nothing was recorded and nothing may be sent. */
export class BudgetExceeded extends Error {
  constructor(
    readonly scope: 'team' | 'member',
    readonly cap: number,
    readonly used: number,
    readonly asked: number,
  ) {
    super(
      `${scope === 'team' ? "The team's" : 'Your'} daily budget of ${cap} points would be passed (${used} used, this task needs ${asked}). Nothing was sent.`,
    );
    this.name = 'BudgetExceeded';
  }
}

/** Result index → the sha256 (object key) of its file in the media store. */
export type MediaRefs = Readonly<Record<string, string>>;

export interface Reservation {
  task: TaskRecord;
  member: string;
  points: number;
  /** The machine that will send it (takes the first lease). */
  owner: string;
  boardId?: string | null;
}

/** The shared ledger: tasks, their state and the spend. Writes of a lease holder are fenced by its epoch. */
export interface LibraryStore {
  /**
   * Reserves `points` for `member` under the day's caps and records the task, leased to `owner`, in one
   * transaction; throws BudgetExceeded (and records nothing) when a cap would be passed.
   */
  reserveAndInsert(input: Reservation): Promise<Lease>;
  /**
   * Stores the task's state when `lease` is still current; false (nothing written) when it is stale. `media`
   * names the stored object of each result (index → sha256 of the file in the media store), merged in. A
   * write that closes the task also settles its spend to the record's points, when it names them.
   */
  write(task: TaskRecord, lease: Lease, media?: MediaRefs): Promise<boolean>;
  get(id: string): Promise<TaskRecord | null>;
  /** Who submitted the task (the member), or null when the ledger has no such task. */
  memberOf(id: string): Promise<string | null>;
  /** Replaces the reservation with the points the gateway charged (fenced like `write`). */
  settle(taskId: string, points: number, lease: Lease): Promise<boolean>;
  setBudget(budget: Budget): Promise<void>;
  getBudget(): Promise<Budget>;
  /** Points per member and day (UTC), newest day first. */
  spendByMember(): Promise<MemberSpend[]>;
}

/** Where result files live, by content: `media/sha256/<hash>`. Keys are made from the hash, never from user text. */
export interface MediaStore {
  readonly kind: 'folder' | 's3';
  /**
   * Stores the file under its sha256 unless an object is already there; `uploaded` says whether it sent bytes.
   * `bytes`: the file's content when the caller has read it already (sent from memory, not read again).
   */
  put(file: string, sha256: string, mime: string, bytes?: Uint8Array): Promise<{ key: string; uploaded: boolean }>;
  has(sha256: string): Promise<boolean>;
  /**
   * Copies the object into `dest` (written aside and renamed, so a reader never sees half a file), checking
   * that its bytes hash to its key: a damaged or foreign object is refused, never shown.
   */
  fetchTo(sha256: string, dest: string): Promise<void>;
  /** Every key under the store's root (tests and the key-leak check). */
  list(): Promise<string[]>;
  /** Checkpoints of downloads in progress, so a machine taking a task over resumes instead of starting again. */
  readonly partials: PartialDownloads;
}

/** One result's download in progress: its task and result index (the key is made from these, checked). */
export interface PartialSlot {
  taskId: string;
  index: number;
}

/**
 * The bytes a lease holder has downloaded of a result so far, saved in chunks (each an object of its own,
 * written whole or not at all) under `partial/<task>/<index>/<offset>-<end>`. A machine that takes the task
 * over restores the longest run of chunks from byte 0 and resumes the download from there with Range.
 */
export interface PartialDownloads {
  /** Saves `bytes`, which start at `offset` of the result's download. */
  save(slot: PartialSlot, offset: number, bytes: Buffer): Promise<void>;
  /** Writes the saved prefix (contiguous chunks from 0) into `dest` (replacing it); returns its length. */
  restore(slot: PartialSlot, dest: string): Promise<number>;
  /** Forgets every chunk of the slot (the download finished, or its bytes are no longer a prefix). */
  drop(slot: PartialSlot): Promise<void>;
}

/** The key folder of a slot's chunks; a task id that is not one of ours (letters, digits, _ and -) is refused. */
export function partialFolder(slot: PartialSlot): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(slot.taskId) || !Number.isSafeInteger(slot.index) || slot.index < 0)
    throw new Error('not a task id and result index of this app');
  return `partial/${slot.taskId}/${slot.index}`;
}

/** A chunk's name inside its folder: `<offset>-<end>`, zero-padded so names sort by offset. */
export function chunkName(offset: number, end: number): string {
  return `${String(offset).padStart(15, '0')}-${String(end).padStart(15, '0')}`;
}

/** The chunks from byte 0 that join up (each starting where the last ended), in order, from chunk names. */
export function contiguousChunks(names: string[]): { name: string; offset: number; end: number }[] {
  const parsed = names
    .map((name) => /^(\d{15})-(\d{15})$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[0], offset: Number(m[1]), end: Number(m[2]) }))
    .filter((c) => c.end > c.offset)
    .sort((a, b) => a.offset - b.offset || b.end - a.end);
  const out: { name: string; offset: number; end: number }[] = [];
  let at = 0;
  for (const c of parsed) {
    if (c.offset !== at) continue;
    out.push(c);
    at = c.end;
  }
  return out;
}

/** The object key of a content hash; anything but 64 hex digits is refused (keys never come from user text). */
export function mediaKey(sha256: string): string {
  if (!/^[a-f0-9]{64}$/.test(sha256)) throw new Error('not a sha256 hex digest');
  return `media/sha256/${sha256}`;
}
