import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TinyDisk {
  dir: string;
  /** Fills the disk to the last byte with a ballast file (writes then fail with ENOSPC). */
  fill(): void;
  /** Removes the ballast: space is back. */
  free(): void;
  close(): void;
}

/**
 * A real small filesystem for disk-full tests: a tmpfs of `sizeKb` mounted by the test. Needs root (CI and
 * this machine run tests as root); returns null elsewhere, and callers skip with that reason.
 */
export function mountTinyDisk(sizeKb: number): TinyDisk | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-tinydisk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0755`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const ballast = (i: number) => join(dir, `.ballast-${i}`);
  let count = 0;
  return {
    dir,
    fill() {
      // Big chunks, then smaller, until not one more 512-byte block fits.
      for (let chunk = 1 << 20; chunk >= 512; chunk >>= 1) {
        for (;;) {
          const free = statfsSync(dir).bavail * statfsSync(dir).bsize;
          if (free < chunk) break;
          try {
            writeFileSync(ballast(count++), Buffer.alloc(chunk));
          } catch {
            break;
          }
        }
      }
    },
    free() {
      for (const name of readdirSync(dir))
        if (name.startsWith('.ballast-')) rmSync(join(dir, name), { force: true });
    },
    close() {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const TINY_DISK_SKIP =
  'mounting a tmpfs needs root (CI and the dev machine run as root); without it this disk-full test cannot use a real filesystem';
