import type { TaskRecord } from '../tasks/task-record';

/** Enough for every task in flight and a screen of the gallery; the oldest entry goes first. */
const MAX_RECORDS = 2_048;

/**
 * Tasks as last stored, by id, least recently used evicted first (a Map keeps insertion order). Entries
 * are frozen (shallowly): a caller that assigned to a cached record would change what others read.
 */
export class RecordCache {
  readonly #map = new Map<string, TaskRecord>();

  get(id: string): TaskRecord | undefined {
    const hit = this.#map.get(id);
    if (hit !== undefined) {
      this.#map.delete(id);
      this.#map.set(id, hit);
    }
    return hit;
  }

  set(id: string, record: TaskRecord): void {
    this.#map.delete(id);
    this.#map.set(id, Object.freeze(record));
    if (this.#map.size > MAX_RECORDS) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
  }

  delete(id: string): void {
    this.#map.delete(id);
  }

  clear(): void {
    this.#map.clear();
  }
}
