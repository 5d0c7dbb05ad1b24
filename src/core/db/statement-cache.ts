import type Database from 'libsql';
import type { SqliteDatabase } from './open-database';

/**
 * Statement shapes vary with the filter and with the columns an update changes; past this many, the least
 * recently used is dropped.
 */
const MAX_CACHED_STATEMENTS = 512;

/** Prepared statements by SQL text, so a query shape is compiled once per connection. */
export class StatementCache {
  readonly #cache = new Map<string, Database.Statement>();

  constructor(private readonly db: SqliteDatabase) {}

  get(sql: string): Database.Statement {
    let stmt = this.#cache.get(sql);
    if (stmt === undefined) {
      if (this.#cache.size >= MAX_CACHED_STATEMENTS) {
        const oldest = this.#cache.keys().next();
        if (!oldest.done) this.#cache.delete(oldest.value);
      }
      stmt = this.db.prepare(sql);
    } else this.#cache.delete(sql);
    this.#cache.set(sql, stmt);
    return stmt;
  }

  clear(): void {
    this.#cache.clear();
  }
}
