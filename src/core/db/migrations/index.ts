import { MIGRATION_0001_INIT } from './0001-init';
import { MIGRATION_0002_ESTIMATES } from './0002-estimates';
import { MIGRATION_0003_STUDIO } from './0003-studio';

/** One schema step. `version` is its number; versions are 1, 2, 3… with no gaps. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Every migration, in order. Append-only: a released entry is never edited or removed, because a user's
 * database records which versions it has applied and would not run an edited one again.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'init', sql: MIGRATION_0001_INIT },
  { version: 2, name: 'estimates', sql: MIGRATION_0002_ESTIMATES },
  { version: 3, name: 'studio', sql: MIGRATION_0003_STUDIO },
];

/** The schema version this build of the code writes. */
export const LATEST_SCHEMA_VERSION: number = MIGRATIONS.length;
