import { existsSync } from 'node:fs';
import { hashFile } from './media/hash-file';
import type { TaskWriter } from '../engine/task-writer';
import type { Logger } from '../ports';
import type { TaskRecord } from '../tasks/task-record';
import { resolveInside } from './safe-path';
import { Limiter } from '../engine/limiter';
import type { HeldLeases } from './held-leases';
import type { ChangedTask } from './pg/change-feed';
import type { MediaRefs, MediaStore } from './ports';
import { parseTaskRecord } from './record-schema';

/** What team mode writes task rows through: core's one writer (cache, poll book, full disk, events). */
export type ReplicaWriter = Pick<TaskWriter, 'get' | 'write' | 'applyReplica' | 'mark'>;

export interface CacheApplierDeps {
  writer: ReplicaWriter;
  media: MediaStore;
  held: HeldLeases;
  libraryDir: () => string;
  log: Logger;
  /** This machine's unsent edit of a flag (see EditQueue): kept over the ledger's value until it lands. */
  pendingFlag?: (taskId: string, field: 'favourite' | 'rejected') => boolean | undefined;
  /** The bounded cache of other machines' results (fetched ones are admitted; evicted ones wait for a view). */
  cache?: { admit(rel: string, sha256: string): Promise<void>; evicted(rel: string): boolean };
}

/**
 * Brings other machines' changes into this machine's SQLite cache, which the gallery keeps reading unchanged.
 * A task another machine works is stored with no poll planned (this engine leaves it alone); its result
 * files are fetched from the media store into the library folder before the task says they are there.
 */
export class CacheApplier {
  /** Who made each task (tiles and the lightbox name the member). */
  readonly members = new Map<string, string>();
  /** The shared flags of each task as the ledger last said: a local value that differs is a local edit. */
  readonly flags = new Map<string, { favourite: boolean; rejected: boolean }>();

  /** The newest ledger state of each task whose files are being fetched. */
  private readonly latest = new Map<string, { record: TaskRecord; media: MediaRefs }>();
  private readonly fetching = new Map<string, Promise<void>>();
  private readonly slots = new Limiter(() => 4);
  /**
   * Library files checked to hold the ledger's object (path → sha256). A file already at a result's path is
   * not always that object: when a machine finished a download while the database was away, another machine
   * could take the task over and download it again, with other provenance in the file (team chaos found
   * such files). Each such file is hashed once; one that differs is replaced by the ledger's object.
   */
  private readonly verified = new Map<string, string>();

  constructor(private readonly deps: CacheApplierDeps) {}

  async apply(rows: ChangedTask[]): Promise<void> {
    for (const row of rows) {
      this.members.set(row.id, row.member);
      let record: TaskRecord;
      try {
        record = parseTaskRecord(row.record);
      } catch (e) {
        this.deps.log.warn('team: a task in the ledger could not be read; skipped', { task: row.id, error: e instanceof Error ? e.message : String(e) });
        continue;
      }
      // This machine works it: its own state is at least as new as what it wrote; only the users' flags come in.
      if (this.deps.held.get(row.id)) this.applyFlags(record);
      else await this.applyOne(record, row.media);
    }
  }

  /**
   * Stores another machine's task now; result files not here yet show as downloading until they are fetched
   * (a few at a time, beside the feed, so one large file never holds back everyone else's changes).
   */
  async applyOne(record: TaskRecord, media: MediaRefs): Promise<void> {
    this.latest.set(record.id, { record, media });
    const missing = this.missingFiles(record, media);
    if (missing.length === 0) return this.store(record);
    // A file that is here but not checked yet still shows; only absent ones show as downloading.
    const waiting = new Set(missing.filter((m) => !m.present).map((m) => m.index));
    this.store({ ...record, results: record.results.map((r) => (waiting.has(r.index) ? { ...r, state: 'downloading' as const, bytesReceived: 0 } : r)) });
    if (!this.fetching.has(record.id)) this.fetching.set(record.id, this.fetchThenStore(record.id).finally(() => this.fetching.delete(record.id)));
  }

  /** Resolves when every file fetch started so far has ended (tests, stop). */
  async idle(): Promise<void> {
    while (this.fetching.size > 0) await Promise.allSettled([...this.fetching.values()]);
  }

  private store(record: TaskRecord): void {
    this.deps.writer.applyReplica({ ...this.withLocalFlags(record), internal: { ...record.internal, nextPollAt: null } });
  }

  private async fetchThenStore(id: string): Promise<void> {
    for (;;) {
      const latest = this.latest.get(id);
      if (!latest) return;
      const failed = new Map<number, string>();
      await Promise.all(
        this.missingFiles(latest.record, latest.media).map((m) =>
          this.slots.run(() =>
            this.traced(id, async () => {
              if (m.present && (await hashFile(m.dest).catch(() => null)) === m.object) {
                this.verified.set(m.rel, m.object);
                return;
              }
              // Absent, or another copy than the ledger's: the object replaces it (written aside, then renamed).
              await this.deps.media.fetchTo(m.object, m.dest);
              this.verified.set(m.rel, m.object);
              await this.deps.cache?.admit(m.rel, m.object);
            }).catch((e: unknown) => {
              const message = e instanceof Error ? e.message : String(e);
              // A copy that is here stays shown when the ledger's object cannot be fetched; an absent one fails.
              if (!m.present) failed.set(m.index, message);
              this.deps.log.warn('team: a result could not be fetched from the media store', { task: id, error: message });
            }),
          ),
        ),
      );
      // A newer state came while fetching: fetch what it names too, then show that one.
      if (this.latest.get(id) !== latest) continue;
      this.latest.delete(id);
      const { record } = latest;
      return this.store({
        ...record,
        results: record.results.map((r) => (failed.has(r.index) ? { ...r, state: 'failed' as const, error: `Not in the team's media store yet: ${failed.get(r.index)}` } : r)),
      });
    }
  }

  private async traced(id: string, work: () => Promise<void>): Promise<void> {
    const t0 = Date.now();
    await work();
    this.deps.log.debug('team: result fetched', { task: id, ms: Date.now() - t0 });
  }

  /** Result files to fetch (absent) or to check (`present`: a file is there, not yet known to be the object). */
  private missingFiles(record: TaskRecord, media: MediaRefs): { index: number; object: string; dest: string; rel: string; present: boolean }[] {
    const out: { index: number; object: string; dest: string; rel: string; present: boolean }[] = [];
    for (const r of record.results) {
      const object = media[String(r.index)];
      if (r.state !== 'done' || !r.file || !object) continue;
      const dest = resolveInside(this.deps.libraryDir(), r.file);
      if (!dest) {
        this.deps.log.warn('team: a result path leaves the library folder; not fetched', { task: record.id });
        continue;
      }
      if (existsSync(dest)) {
        if (this.verified.get(r.file) !== object) out.push({ index: r.index, object, dest, rel: r.file, present: true });
      } else if (!this.deps.cache?.evicted(r.file)) out.push({ index: r.index, object, dest, rel: r.file, present: false });
    }
    return out;
  }

  /**
   * The record as this machine should show it: the ledger's flags, except where an edit made here has not
   * reached the ledger yet. Remembers the flags it shows, so writing them is not taken for a new edit.
   */
  withLocalFlags(record: TaskRecord): TaskRecord {
    const favourite = this.deps.pendingFlag?.(record.id, 'favourite') ?? record.favourite;
    const rejected = this.deps.pendingFlag?.(record.id, 'rejected') ?? record.rejected;
    this.flags.set(record.id, { favourite, rejected });
    return { ...record, favourite, rejected };
  }

  private applyFlags(incoming: TaskRecord): void {
    const record = this.withLocalFlags(incoming);
    const current = this.deps.writer.get(record.id);
    if (!current || (current.favourite === record.favourite && current.rejected === record.rejected)) return;
    this.deps.writer.mark(record.id, { favourite: record.favourite, rejected: record.rejected });
  }

}

