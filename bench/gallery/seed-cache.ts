/**
 * Seeding takes a while (a million tasks: minutes, printed as `seeded … in … s`): the gallery benches seed
 * one template data folder per (count, seed) under the OS temp folder once, then give every run its own copy
 * (the DB copied, the library hard-linked: the app never writes into seeded result files).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dbFile, libraryDir, seedGalleryMany } from '../../e2e/support/seed';

/** Result files are written for the newest this-many tasks (the first screens); older ones have none. */
export const WITH_FILES = 10_000;
/** Bump when the seed's shape changes, so stale templates are not reused. */
const VERSION = 2;

export function templateDir(count: number, seed: number): string {
  return join(tmpdir(), `atelier-bench-gallery-v${VERSION}-${count}-${seed}`);
}

/** The template folder for (count, seed), seeded on first use. */
export function ensureTemplate(count: number, seed: number): string {
  const dir = templateDir(count, seed);
  if (existsSync(join(dir, 'ready'))) return dir;
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const t0 = performance.now();
  seedGalleryMany(tmp, { count, seed, withFiles: Math.min(count, WITH_FILES) });
  console.log(`seeded ${count} tasks (files for the newest ${Math.min(count, WITH_FILES)}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  writeFileSync(join(tmp, 'ready'), `${count} tasks, seed ${seed}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

/** Fills `dataDir` (empty, before core opens it) from the template. */
export function copyTemplate(template: string, dataDir: string): void {
  copyFileSync(dbFile(template), dbFile(dataDir));
  execFileSync('cp', ['-al', libraryDir(template), libraryDir(dataDir)]);
}
