import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';

/** Why a library folder was refused; the renderer translates these codes (`fields.libraryDir`). */
export type LibraryDirProblem = 'notAbsolute' | 'notADirectory' | 'notWritable';

const MESSAGES: Record<LibraryDirProblem, string> = {
  notAbsolute: 'The library folder must be an absolute path.',
  notADirectory: 'The library folder path points to a file, not a folder.',
  notWritable: 'Atelier cannot create or write files in this folder.',
};

/**
 * Makes sure results can be saved in `dir`: creates it when missing, then writes and removes a probe file
 * (permission bits lie on network shares and read-only mounts; only a real write tells). Throws a typed
 * `invalid_input` whose `fields.libraryDir` carries the problem code.
 */
export function assertWritableLibraryDir(dir: string): void {
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
  if (existing && !existing.isDirectory()) fail('notADirectory');
  if (!existing)
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      fail('notWritable');
    }
  const probe = join(dir, `.atelier-write-test-${randomBytes(6).toString('hex')}`);
  try {
    writeFileSync(probe, '');
  } catch {
    fail('notWritable');
  } finally {
    rmSync(probe, { force: true });
  }
}
