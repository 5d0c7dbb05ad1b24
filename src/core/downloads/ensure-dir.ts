import { existsSync, mkdirSync } from 'node:fs';

/**
 * Makes `dir` (and its parents) unless it exists. One stat in the common case: a recursive mkdir of an
 * existing folder costs a failed syscall and an error object, once per downloaded file otherwise.
 */
export function ensureDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
}
