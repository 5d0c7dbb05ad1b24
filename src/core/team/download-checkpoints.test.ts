import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import { silentLogger } from '../ports';
import { DownloadCheckpoints } from './download-checkpoints';
import { HeldLeases } from './held-leases';
import { FolderMediaStore } from './media/folder-media-store';

/** Asynchronous stats made by the code under test (the checkpoint round looks at part files in place). */
const asyncStats = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    stat: (...args: Parameters<typeof real.stat>) => {
      asyncStats.count++;
      return real.stat(...args);
    },
  };
});

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-checkpoints-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

it('a round over downloads still waiting for their turn (no part file yet) saves nothing and makes no asynchronous file calls; new bytes past the chunk size are saved once, after the ledger is told the task downloads, and dropped when the download ends', async () => {
  const store = TaskStore.open(join(tmp(), 'atelier.db'));
  const held = new HeldLeases(60_000, Date.now);
  const dataDir = tmp();
  const bucket = tmp();
  mkdirSync(join(dataDir, 'downloads'), { recursive: true });
  const media = new FolderMediaStore(bucket);
  // What the ledger is told before each first chunk, and whether any chunk was in the store by then.
  const announced: { id: string; chunksBefore: number }[] = [];
  const chunks = (): number => (existsSync(join(bucket, 'partial')) ? saved().length : 0);
  const checkpoints = new DownloadCheckpoints({
    store,
    media,
    held,
    dataDir,
    log: silentLogger,
    minChunk: 1024,
    announce: async (id) => void announced.push({ id, chunksBefore: chunks() }),
  });
  const base = makeTaskRecord();
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const result = { ...base.results[0], index: 0, state: 'pending', file: null, remoteUrl: 'http://x/a.png' };
    const task = makeTaskRecord({ id: randomUUID(), status: 'downloading', results: [result] as typeof base.results });
    store.insert(task);
    held.hold({ taskId: task.id, owner: 'm', epoch: 1, until: Date.now() + 60_000 }, Date.now());
    ids.push(task.id);
  }
  const saved = (): string[] => readdirSync(join(bucket, 'partial'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

  asyncStats.count = 0;
  await checkpoints.tick();
  expect(asyncStats.count).toBe(0);
  expect(() => saved()).toThrow(); // no partial folder at all

  // One download started: fewer new bytes than a chunk wait; a chunk's worth is saved, once.
  const [first] = ids;
  if (!first) throw new Error('no task');
  const part = checkpoints.partPath({ taskId: first, index: 0 });
  writeFileSync(part, randomBytes(500));
  await checkpoints.tick();
  expect(() => saved()).toThrow();
  writeFileSync(part, randomBytes(3000));
  await checkpoints.tick();
  await checkpoints.tick();
  expect(saved()).toEqual(['000000000000000-000000000003000']);
  expect(asyncStats.count).toBe(0);
  // The ledger was told the task downloads before its first chunk went up (a taker then resumes, not restarts).
  expect(announced).toEqual([{ id: first, chunksBefore: 0 }]);
  writeFileSync(part, randomBytes(6000));
  await checkpoints.tick();
  expect(saved()).toHaveLength(2);
  expect(announced).toHaveLength(1); // only before the first chunk

  // The download ended (its part file moved into the library, the result done): its chunks are dropped.
  rmSync(part);
  const task = store.get(first);
  if (!task) throw new Error('gone');
  store.update(first, { status: 'succeeded', results: task.results.map((r) => ({ ...r, state: 'done' as const })) });
  await checkpoints.tick();
  expect(saved()).toEqual([]);
});
