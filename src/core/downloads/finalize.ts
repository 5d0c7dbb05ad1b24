import { randomBytes } from 'node:crypto';
import { closeSync, fsync, openSync } from 'node:fs';
import { copyFile, link, lstat, open, rename, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import { ensureDir } from './ensure-dir';
import { basename, extname, join } from 'node:path';
import { isErrno } from './file-sink';

export { extensionFor, fileNameFromPattern, slugPrompt, type FileNameTokens } from './file-name';

/** Options of `moveIntoLibrary`. */
export interface MoveOptions {
  /** fsync the file (and, where supported, the folder) so the library survives a power cut. Default true. */
  fsync?: boolean;
  /** Highest `(n)` suffix tried before giving up (default 999 999). */
  maxSuffix?: number;
}

/** Error codes meaning "this file system cannot hard-link here" (FAT/exFAT, some network shares). */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EACCES']);

/** `name.png`, `name (2).png`, `name (3).png` … */
export function candidateName(desiredName: string, n: number): string {
  if (n <= 1) return desiredName;
  const ext = extname(desiredName);
  const stem = ext && ext !== desiredName ? desiredName.slice(0, -ext.length) : desiredName;
  return `${stem} (${n})${ext}`;
}

const fsyncFd = promisify(fsync);

/**
 * Flushes a file (or a folder's entries) to the disk. Only the flush waits in the thread pool (it may take
 * milliseconds on a real disk); the open and close are metadata calls made in place.
 */
async function fsyncPath(path: string, flags: 'r' | 'r+'): Promise<void> {
  let fd: number | null = null;
  try {
    fd = openSync(path, flags);
    await fsyncFd(fd);
  } catch {
    // Folders cannot be opened or fsynced on Windows; durability there relies on the file fsync.
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
  }
}

/** Where the next claim of a name in a folder starts: `dir\0name` → the suffix after the last one claimed. */
const nextSuffix = new Map<string, number>();
const HINTS = 1000;

const taken = (dir: string, desiredName: string, n: number): Promise<boolean> =>
  lstat(join(dir, candidateName(desiredName, n))).then(
    () => true,
    () => false,
  );

/**
 * The suffix to try first for `desiredName` in `dir`, in O(1) file checks when this process claimed the name
 * before (the hint is checked, never trusted) and O(log n) otherwise: doubling finds a free suffix, halving
 * the first free one after the run of taken ones. Claims stay exclusive (see `claimName`), so a wrong guess
 * (a gap, another writer) only costs a retry. Without this, 2,000 files named `a.png` took 54 s, each
 * probing `a (2)…(n)` one by one.
 */
async function firstSuffix(dir: string, desiredName: string, maxSuffix: number): Promise<number> {
  const hint = nextSuffix.get(`${dir}\0${desiredName}`);
  if (hint !== undefined && hint <= maxSuffix && !(await taken(dir, desiredName, hint))) return hint;
  if (!(await taken(dir, desiredName, 1))) return 1;
  let lo = Math.max(1, hint ?? 1); // taken
  let hi = lo * 2;
  while (hi <= maxSuffix && (await taken(dir, desiredName, hi))) {
    lo = hi;
    hi *= 2;
  }
  hi = Math.min(hi, maxSuffix + 1);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (await taken(dir, desiredName, mid)) lo = mid;
    else hi = mid;
  }
  return Math.min(hi, maxSuffix);
}

function remember(dir: string, desiredName: string, claimed: number): void {
  if (nextSuffix.size >= HINTS) nextSuffix.clear();
  nextSuffix.set(`${dir}\0${desiredName}`, claimed + 1);
}

/**
 * Places `source` at a free name among `desiredName`, `desiredName (2)` … in `dir` (the first free one
 * when the taken ones are contiguous), never
 * replacing an existing file. Claims are exclusive (hard link, or `wx` create), so concurrent callers —
 * in this process or another — always end on distinct names. `source` is consumed.
 */
async function claimName(
  source: string,
  dir: string,
  desiredName: string,
  maxSuffix: number,
): Promise<string> {
  let linkable = true;
  // The claim itself is the first check (a name is rarely taken): the search for a free suffix runs only
  // after a refusal, so a new name costs no extra file check (issue 27's CPU per task).
  let searched = false;
  const hint = nextSuffix.get(`${dir}\0${desiredName}`);
  const next = async (n: number): Promise<number> => {
    if (searched) return n + 1;
    searched = true;
    return firstSuffix(dir, desiredName, maxSuffix);
  };
  for (let n = hint !== undefined && hint <= maxSuffix ? hint : 1; n <= maxSuffix; ) {
    const target = join(dir, candidateName(desiredName, n));
    if (linkable) {
      try {
        await link(source, target); // atomic, fails with EEXIST instead of replacing
        await unlink(source).catch(() => undefined); // the claim stands even if the old name lingers
        remember(dir, desiredName, n);
        return target;
      } catch (err) {
        if (isErrno(err, 'EEXIST')) {
          n = await next(n);
          continue;
        }
        const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
        if (!NO_LINK.has(code)) throw err;
        linkable = false;
      }
    }
    // No hard links: reserve the name with an exclusive create, then rename over our own placeholder.
    try {
      const fh = await open(target, 'wx');
      await fh.close();
    } catch (err) {
      if (isErrno(err, 'EEXIST')) {
        n = await next(n);
        continue;
      }
      throw err;
    }
    try {
      await rename(source, target);
    } catch (err) {
      await unlink(target).catch(() => undefined);
      throw err;
    }
    remember(dir, desiredName, n);
    return target;
  }
  throw new Error(`no free file name for ${desiredName} in ${dir}`);
}

/**
 * Moves a finished temp file into the library folder under `desiredName` (see `fileNameFromPattern`),
 * or `name (2).ext`, `name (3).ext` … when taken — an existing file is never overwritten, and two
 * concurrent finalizations with the same name get distinct paths. Same device: hard link + unlink (rename
 * semantics; reserve + rename where hard links are unsupported). Other device (EXDEV): copy into a
 * hidden `.atelier-*.part` staging file in the library folder, fsync, claim the name from there, then
 * delete the temp file. On failure the temp file is left in place. Returns the final path.
 *
 * `desiredName` is reduced to its base name, so it cannot escape `libraryDir`.
 */
export async function moveIntoLibrary(
  tempPath: string,
  libraryDir: string,
  desiredName: string,
  options: MoveOptions = {},
): Promise<string> {
  const doSync = options.fsync ?? true;
  const maxSuffix = options.maxSuffix ?? 999_999;
  const name = basename(desiredName.replace(/\\/g, '/'));
  if (name === '' || name === '.' || name === '..') throw new Error(`invalid file name: ${desiredName}`);
  ensureDir(libraryDir);
  if (doSync) await fsyncPath(tempPath, 'r+');

  // Same device: claim straight from the temp file (it stays in place until a name is claimed).
  try {
    const finalPath = await claimName(tempPath, libraryDir, name, maxSuffix);
    if (doSync) await fsyncPath(libraryDir, 'r');
    return finalPath;
  } catch (err) {
    if (!isErrno(err, 'EXDEV')) throw err;
  }
  // Other device: copy into a hidden staging file next to the target, fsync, claim from there.
  const staging = join(libraryDir, `.atelier-${randomBytes(6).toString('hex')}.part`);
  try {
    await copyFile(tempPath, staging);
    if (doSync) await fsyncPath(staging, 'r+');
    const finalPath = await claimName(staging, libraryDir, name, maxSuffix);
    if (doSync) await fsyncPath(libraryDir, 'r');
    await unlink(tempPath).catch(() => undefined);
    return finalPath;
  } catch (err) {
    await unlink(staging).catch(() => undefined);
    throw err;
  }
}
