import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { FolderMediaStore } from './media/folder-media-store';
import { TeamMediaCache } from './media-cache';

/**
 * The cap of the cache of other machines' results is read at each use (Settings → Team changes it while the
 * app runs): lowering it and trimming evicts the least recently viewed until the cache fits, at once.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const noop = (): undefined => undefined;
const log = { debug: noop, info: noop, warn: noop, error: noop };

it('a lowered cap evicts the least recently viewed results at once when trimmed, and a raised one keeps them', async () => {
  const root = mkdtempSync(join(tmpdir(), 'atelier-media-cache-'));
  dirs.push(root);
  const libraryDir = join(root, 'library');
  mkdirSync(libraryDir, { recursive: true });
  const db = openDatabase(join(root, 'cache.db'));
  let cap = 10_000;
  let now = 1_000;
  const cache = new TeamMediaCache({
    db,
    media: new FolderMediaStore(join(root, 'media')),
    libraryDir: () => libraryDir,
    capBytes: () => cap,
    now: () => now,
    log,
  });
  try {
    const names = ['a.png', 'b.png', 'c.png'];
    for (const name of names) {
      const bytes = randomBytes(3_000);
      writeFileSync(join(libraryDir, name), bytes);
      now += 10;
      await cache.admit(name, createHash('sha256').update(bytes).digest('hex'));
    }
    expect(cache.bytes()).toBe(9_000);
    // a.png is viewed last: b.png is now the least recently used.
    now += 10;
    await cache.view('a.png');

    cap = 7_000;
    await cache.trim();
    expect(names.map((n) => existsSync(join(libraryDir, n)))).toEqual([true, false, true]);
    expect(cache.evicted('b.png')).toBe(true);
    expect(cache.bytes()).toBe(6_000);

    cap = 20_000;
    await cache.trim();
    expect(cache.bytes()).toBe(6_000);
    expect(existsSync(join(libraryDir, 'a.png')) && existsSync(join(libraryDir, 'c.png'))).toBe(true);
  } finally {
    db.close();
  }
});
