import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { corruptStamp } from './corrupt-stamp';

/** A JSON store that could not be read (whole or in part), and where its bytes were kept. */
export interface CorruptFileReport {
  path: string;
  /** `<name>.corrupt-<time>`, written before anything new is written to `path`. */
  savedAs: string;
  /** The entries that could not be read; null when the whole file was unreadable. */
  entries: string[] | null;
  at: number;
}

const reports: CorruptFileReport[] = [];
const listeners = new Set<(r: CorruptFileReport) => void>();
/** `path|mtime|size` of partly readable files already kept, so each read does not copy them again. */
const kept = new Set<string>();

/** Tells `listener` about every corrupt store found from now on; returns the unsubscribe. */
export function onCorruptJson(listener: (r: CorruptFileReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports already made for files under `dir` (stores are read before core subscribes). */
export function corruptReportsUnder(dir: string): CorruptFileReport[] {
  const root = resolve(dir) + sep;
  return reports.filter((r) => resolve(r.path).startsWith(root));
}

function report(r: CorruptFileReport): void {
  reports.push(r);
  if (reports.length > 100) reports.shift();
  for (const l of listeners) l(r);
}

/**
 * Reads a JSON store. `salvage` returns the readable value and the names of entries it had to drop, or null
 * when nothing is usable. A missing file is `fallback`. An unreadable file is moved aside to
 * `<name>.corrupt-<time>` (so the next save cannot overwrite it) and reported; a partly readable one is
 * copied there once and reported with the entries that were dropped.
 */
export function readJsonStore<T>(
  path: string,
  salvage: (raw: unknown) => { value: T; dropped: string[] } | null,
  fallback: T,
): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    return moveAside(path, fallback);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    return moveAside(path, fallback);
  }
  const got = salvage(raw);
  if (!got) return moveAside(path, fallback);
  if (got.dropped.length) {
    const st = statSync(path);
    const key = `${path}|${st.mtimeMs}|${st.size}`;
    if (!kept.has(key)) {
      kept.add(key);
      const savedAs = `${path}.corrupt-${corruptStamp()}`;
      copyFileSync(path, savedAs);
      report({ path, savedAs, entries: got.dropped, at: Date.now() });
    }
  }
  return got.value;
}

function moveAside<T>(path: string, fallback: T): T {
  const savedAs = `${path}.corrupt-${corruptStamp()}`;
  try {
    renameSync(path, savedAs);
  } catch {
    return fallback;
  }
  report({ path, savedAs, entries: null, at: Date.now() });
  return fallback;
}

/** Reads a JSON file, or null when it is missing; an unreadable file is kept aside and reported (see above). */
export function readJsonFile(path: string): unknown {
  return readJsonStore<unknown>(path, (raw) => ({ value: raw, dropped: [] }), null);
}

/**
 * Writes JSON atomically (temp file + rename) so a crash never leaves half a file. A failed write (a full
 * disk) removes its temp file before the error goes on: no `*.tmp` litter.
 */
export function writeJsonFile(path: string, value: unknown, mode = 0o600): void {
  writeTextFile(path, `${JSON.stringify(value, null, 2)}\n`, mode);
}

/** Writes text atomically, as writeJsonFile does (a store that serialises its own JSON). */
export function writeTextFile(path: string, text: string, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, { mode });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
