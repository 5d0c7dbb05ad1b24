import type Database from 'libsql';

/** One profile's queue settings (or the whole queue's, under {@link ALL}). */
export interface ProfileQueueSettings {
  /** Tasks at the gateway at once; null: unlimited. */
  limit: number | null;
  limitSource: 'none' | 'user' | 'learned';
  /** The user was told about the learned limit (told once). */
  told: boolean;
  paused: boolean;
}

/** The row that holds the whole queue's pause. */
export const ALL = '*';
const DEFAULTS: ProfileQueueSettings = { limit: null, limitSource: 'none', told: false, paused: false };

interface Row {
  profile_id: string;
  slot_limit: number | null;
  limit_source: string;
  told: number;
  paused: number;
}

/** The queue's settings in SQLite (migration 0012), read once and kept in memory; every change is written at once. */
export class QueueSettings {
  private readonly rows = new Map<string, ProfileQueueSettings>();

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    for (const r of db.prepare('SELECT profile_id, slot_limit, limit_source, told, paused FROM queue_profiles').all() as Row[]) {
      const source = r.limit_source === 'user' || r.limit_source === 'learned' ? r.limit_source : 'none';
      const limit = typeof r.slot_limit === 'number' && r.slot_limit > 0 ? r.slot_limit : null;
      this.rows.set(r.profile_id, { limit, limitSource: limit === null ? 'none' : source, told: r.told === 1, paused: r.paused === 1 });
    }
  }

  get(profileId: string): ProfileQueueSettings {
    return this.rows.get(profileId) ?? DEFAULTS;
  }

  get allPaused(): boolean {
    return this.get(ALL).paused;
  }

  /** Profiles with a stored setting (the queue view lists them even when their lines are empty). */
  known(): string[] {
    return [...this.rows.keys()].filter((id) => id !== ALL);
  }

  setPaused(profileId: string | null, paused: boolean): void {
    this.put(profileId ?? ALL, { paused });
  }

  setLimit(profileId: string, limit: number | null, source: 'user' | 'learned'): void {
    this.put(profileId, { limit, limitSource: limit === null ? 'none' : source });
  }

  markTold(profileId: string): void {
    this.put(profileId, { told: true });
  }

  private put(profileId: string, change: Partial<ProfileQueueSettings>): void {
    const next = { ...this.get(profileId), ...change };
    this.db
      .prepare(
        `INSERT INTO queue_profiles (profile_id, slot_limit, limit_source, told, paused, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET slot_limit = excluded.slot_limit, limit_source = excluded.limit_source,
           told = excluded.told, paused = excluded.paused, updated_at = excluded.updated_at`,
      )
      .run(profileId, next.limit, next.limitSource, next.told ? 1 : 0, next.paused ? 1 : 0, this.now());
    this.rows.set(profileId, next);
  }
}
