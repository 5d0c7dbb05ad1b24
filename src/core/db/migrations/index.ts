import type Database from 'libsql';
import { MIGRATION_0001_INIT } from './0001-init';
import { MIGRATION_0002_ESTIMATES } from './0002-estimates';
import { backfillChars, MIGRATION_0003_SEARCH_AND_RESUME } from './0003-search-and-resume';
import { MIGRATION_0004_LINEAGE_BOARDS } from './0004-lineage-boards';
import { MIGRATION_0005_STUDIO } from './0005-studio';
import { MIGRATION_0006_MIXED_CHARS } from './0006-mixed-chars';
import { MIGRATION_0007_STATUS_COUNTS } from './0007-status-counts';
import { MIGRATION_0008_REMOTE_ID } from './0008-remote-id';
import { MIGRATION_0009_SEARCH_COUNTS } from './0009-search-counts';
import { MIGRATION_0010_BATCH_DELETED_MEMBERS } from './0010-batch-deleted-members';

/** One schema step. `version` is its number; versions are 1, 2, 3… with no gaps. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Data the SQL cannot make (runs after it, in the same transaction). */
  after?: (db: Database.Database) => void;
}

/**
 * Every migration, in order. Append-only: a released entry is never edited or removed, because a user's
 * database records which versions it has applied and would not run an edited one again.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'init', sql: MIGRATION_0001_INIT },
  { version: 2, name: 'estimates', sql: MIGRATION_0002_ESTIMATES },
  { version: 3, name: 'search-and-resume', sql: MIGRATION_0003_SEARCH_AND_RESUME, after: backfillChars },
  { version: 4, name: 'lineage-boards', sql: MIGRATION_0004_LINEAGE_BOARDS },
  { version: 5, name: 'studio', sql: MIGRATION_0005_STUDIO },
  { version: 6, name: 'mixed-chars', sql: MIGRATION_0006_MIXED_CHARS, after: backfillChars },
  { version: 7, name: 'status-counts', sql: MIGRATION_0007_STATUS_COUNTS },
  { version: 8, name: 'remote-id', sql: MIGRATION_0008_REMOTE_ID },
  { version: 9, name: 'search-counts', sql: MIGRATION_0009_SEARCH_COUNTS },
  { version: 10, name: 'batch-deleted-members', sql: MIGRATION_0010_BATCH_DELETED_MEMBERS },
];

/** The schema version this build of the code writes. */
export const LATEST_SCHEMA_VERSION: number = MIGRATIONS.length;
