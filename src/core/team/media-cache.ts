import { rm, stat } from 'node:fs/promises';
import type Database from 'libsql';
import { StatementCache } from '../db/statement-cache';
import type { Logger } from '../ports';
import type { MediaStore } from './ports';
import { resolveInside } from './safe-path';

/** The cap when none is set: room for a few hundred images or a few dozen videos. */
export const DEFAULT_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

export interface TeamMediaCacheDeps {
  db: Database.Database;
  media: MediaStore;
  libraryDir: () => string;
  /** The most bytes of other machines' results kept here (least recently viewed go first); read at each use. */
  capBytes: () => number;
  now: () => number;
  log: Logger;
}

/**
 * Other machines' results on this machine: a bounded cache, least recently used first out, by bytes.
 * A result fetched from the media store is admitted (`admit`); a view (`view`) marks it used, and fetches it
 * again, checked against its hash, when it was evicted. This machine's own results are never in it (they are
 * its library). The bookkeeping is a table in the local file, so the cache survives restarts.
 */
export class TeamMediaCache {
  private readonly fetching = new Map<string, Promise<void>>();
  /** Every lookup here runs per result another machine finishes: compiled once, not per call. */
  private readonly sql: StatementCache;

  constructor(private readonly deps: TeamMediaCacheDeps) {
    this.sql = new StatementCache(deps.db);
    deps.db.exec(
      `CREATE TABLE IF NOT EXISTS team_media_cache (rel TEXT PRIMARY KEY, sha256 TEXT NOT NULL, size INTEGER NOT NULL, present INTEGER NOT NULL, used_at INTEGER NOT NULL)`,
    );
  }

  /** Bytes of cached results on disk now. */
  bytes(): number {
    return (
      this.sql.get('SELECT coalesce(sum(size), 0) AS n FROM team_media_cache WHERE present = 1').get() as {
        n: number;
      }
    ).n;
  }

  /** Whether the result was here and was evicted (it is fetched again when viewed, not when its task changes). */
  evicted(rel: string): boolean {
    return (
      this.sql.get('SELECT 1 FROM team_media_cache WHERE rel = ? AND present = 0').get(rel) !== undefined
    );
  }

  /** A result just fetched into the library folder: counted, then older ones evicted to stay under the cap. */
  async admit(rel: string, sha256: string): Promise<void> {
    const file = resolveInside(this.deps.libraryDir(), rel);
    if (!file) return;
    const size = (await stat(file)).size;
    this.sql
      .get(
        'INSERT INTO team_media_cache (rel, sha256, size, present, used_at) VALUES (?, ?, ?, 1, ?) ON CONFLICT (rel) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size, present = 1, used_at = excluded.used_at',
      )
      .run(rel, sha256, size, this.deps.now());
    await this.evict(rel);
  }

  /** A result is about to be shown: marked used, and fetched back first if it was evicted. */
  async view(rel: string): Promise<void> {
    const row = this.sql.get('SELECT sha256, present FROM team_media_cache WHERE rel = ?').get(rel) as
      { sha256: string; present: number } | undefined;
    if (!row) return; // not another machine's result
    if (row.present === 1) {
      this.sql.get('UPDATE team_media_cache SET used_at = ? WHERE rel = ?').run(this.deps.now(), rel);
      return;
    }
    const file = resolveInside(this.deps.libraryDir(), rel);
    if (!file) return;
    let work = this.fetching.get(rel);
    if (!work) {
      work = this.deps.media
        .fetchTo(row.sha256, file)
        .then(() => this.admit(rel, row.sha256))
        .finally(() => this.fetching.delete(rel));
      this.fetching.set(rel, work);
    }
    await work.catch((e: unknown) =>
      this.deps.log.warn('team: an evicted result could not be fetched again', {
        error: e instanceof Error ? e.message : String(e),
      }),
    );
  }

  /** The cap was lowered: the least recently viewed results go until the cache fits under it. */
  async trim(): Promise<void> {
    await this.evict('');
  }

  private async evict(keep: string): Promise<void> {
    while (this.bytes() > this.deps.capBytes()) {
      const oldest = this.sql
        .get('SELECT rel FROM team_media_cache WHERE present = 1 AND rel <> ? ORDER BY used_at, rel LIMIT 1')
        .get(keep) as { rel: string } | undefined;
      if (!oldest) return; // only the newest is left: kept even when it alone passes the cap
      const file = resolveInside(this.deps.libraryDir(), oldest.rel);
      if (file) await rm(file, { force: true });
      this.sql.get('UPDATE team_media_cache SET present = 0 WHERE rel = ?').run(oldest.rel);
    }
  }
}
