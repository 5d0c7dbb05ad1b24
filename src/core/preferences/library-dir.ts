import { randomBytes } from 'node:crypto';
import { realpathSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';

/** Why a library folder was refused; the renderer translates these codes (`fields.libraryDir`). */
export type LibraryDirProblem =
  'notAbsolute' | 'missing' | 'notADirectory' | 'notWritable' | 'dataFolder' | 'systemFolder' | 'autoRunFolder';

const MESSAGES: Record<LibraryDirProblem, string> = {
  notAbsolute: 'The library folder must be an absolute path.',
  missing: 'The library folder does not exist; create it first.',
  notADirectory: 'The library folder path points to a file, not a folder.',
  notWritable: 'Atelier cannot create or write files in this folder.',
  dataFolder: "The library folder cannot be Atelier's data folder, inside it, or a folder that contains it.",
  systemFolder: 'The library folder cannot be a system folder or the root of a drive.',
  autoRunFolder:
    'The library folder cannot be a folder whose files the system runs or loads at login (Startup, autostart, LaunchAgents, shell start-up folders).',
};

/**
 * Folders whose files the system runs or loads at login, as runs of path segments (matched anywhere in the
 * real path, case-insensitively, on every platform: a Windows profile mounted on Linux is still one). A
 * library there would turn a downloaded file into something that runs: Windows' Startup folders (per user
 * under AppData, for everyone under ProgramData), XDG autostart and systemd user units, macOS launchd
 * agents and daemons, and shell start-up folders.
 */
const AUTO_RUN_SEGMENTS: readonly (readonly string[])[] = [
  ['Start Menu', 'Programs', 'Startup'],
  ['.config', 'autostart'],
  ['etc', 'xdg', 'autostart'],
  ['.config', 'systemd'],
  ['.local', 'share', 'systemd'],
  ['Library', 'LaunchAgents'],
  ['Library', 'LaunchDaemons'],
  ['Library', 'StartupItems'],
  ['.bashrc.d'],
  ['.bash_profile.d'],
  ['.profile.d'],
  ['.zshrc.d'],
  ['.zsh'],
  ['.oh-my-zsh'],
  ['.config', 'fish'],
  ['.config', 'environment.d'],
  ['profile.d'],
];

/** Whether `path` is, or is inside, one of the auto-run folders. */
export function isAutoRunFolder(path: string): boolean {
  const parts = path
    .split(/[\\/]+/)
    .filter((p) => p !== '')
    .map((p) => p.toLowerCase());
  return AUTO_RUN_SEGMENTS.some((run) => {
    const want = run.map((p) => p.toLowerCase());
    for (let i = 0; i + want.length <= parts.length; i++)
      if (want.every((w, j) => parts[i + j] === w)) return true;
    return false;
  });
}

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
  if (isAutoRunFolder(target) || isAutoRunFolder(dir)) fail('autoRunFolder');
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
