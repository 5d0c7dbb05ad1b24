import { randomBytes } from 'node:crypto';
import { realpathSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';

/** Why a library folder was refused; the renderer translates these codes (`fields.libraryDir`). */
export type LibraryDirProblem =
  'notAbsolute' | 'missing' | 'notADirectory' | 'notWritable' | 'dataFolder' | 'systemFolder';

const MESSAGES: Record<LibraryDirProblem, string> = {
  notAbsolute: 'The library folder must be an absolute path.',
  missing: 'The library folder does not exist; create it first.',
  notADirectory: 'The library folder path points to a file, not a folder.',
  notWritable: 'Atelier cannot create or write files in this folder.',
  dataFolder: "The library folder cannot be Atelier's data folder, inside it, or a folder that contains it.",
  systemFolder: 'The library folder cannot be a system folder or the root of a drive.',
};

/** Folders that hold the system, never a library (compared on the real path, case-insensitively on Windows). */
const SYSTEM_DIRS =
  process.platform === 'win32'
    ? ['C:\\Windows', 'C:\\Program Files', 'C:\\Program Files (x86)', 'C:\\ProgramData']
    : [
        '/bin',
        '/boot',
        '/dev',
        '/etc',
        '/lib',
        '/lib32',
        '/lib64',
        '/proc',
        '/run',
        '/sbin',
        '/sys',
        '/usr',
        '/System',
        '/Library',
        '/private/etc',
      ];

const within = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..'));
};
const same = (a: string, b: string): boolean =>
  process.platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;
const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/**
 * Makes sure results can be saved in `dir`: an existing directory, not the data folder (nor inside it, nor
 * one of its ancestors: the library is served to the page, the data folder holds the keys), not a system
 * folder or a drive root, and writable, proved by writing and removing a probe file (permission bits lie on
 * network shares and read-only mounts). Throws a typed `invalid_input` whose `fields.libraryDir` carries
 * the problem code.
 */
export function assertWritableLibraryDir(dir: string, dataDir: string): void {
  const fail = (problem: LibraryDirProblem): never => {
    throw new BridgeError('invalid_input', MESSAGES[problem], { libraryDir: problem });
  };
  if (!isAbsolute(dir) || dir.includes('\0')) fail('notAbsolute');
  let existing: Stats | null = null;
  try {
    existing = statSync(dir);
  } catch {
    existing = null;
  }
  if (!existing) fail('missing');
  if (existing && !existing.isDirectory()) fail('notADirectory');
  const target = real(dir);
  const data = real(dataDir);
  if (same(parse(target).root, target) || SYSTEM_DIRS.some((s) => within(real(s), target) || same(s, target)))
    fail('systemFolder');
  if (within(target, data) || within(data, target)) fail('dataFolder');
  const probe = join(target, `.atelier-write-test-${randomBytes(6).toString('hex')}`);
  try {
    writeFileSync(probe, '');
  } catch {
    fail('notWritable');
  } finally {
    rmSync(probe, { force: true });
  }
}
