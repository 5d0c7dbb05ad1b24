import type Database from 'libsql';
import type { SqliteDatabase } from './open-database';

/** Statement shapes vary with the filter; past this many, the cache is simply dropped and rebuilt. */
const MAX_CACHED_STATEMENTS = 128;

/** Prepared statements by SQL text, so a query shape is compiled once per connection. */
export class StatementCache {
  readonly #cache = new Map<string, Database.Statement>();

  constructor(private readonly db: SqliteDatabase) {}

  get(sql: string): Database.Statement {
    let stmt = this.#cache.get(sql);
    if (stmt === undefined) {
      if (this.#cache.size >= MAX_CACHED_STATEMENTS) this.#cache.clear();
      stmt = this.db.prepare(sql);
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }

  clear(): void {
    this.#cache.clear();
  }
}
