import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import { CoreEvents } from '../events';
import type { TaskSummary } from '../../shared/domain/task';
import { TaskWriter } from '../engine/task-writer';
import { silentLogger, systemClock } from '../ports';
import { CacheApplier } from './cache-applier';
import { HeldLeases } from './held-leases';
import { FolderMediaStore } from './media/folder-media-store';

/** The cache side of team mode on a real SQLite file and a media folder: flags, files, hostile paths. */
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-applier-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(pending: Record<string, boolean> = {}) {
  const store = TaskStore.open(join(tmp(), 'atelier.db'));
  const library = tmp();
  const media = new FolderMediaStore(tmp());
  const events = new CoreEvents();
  const writer = new TaskWriter({ store, events, clock: systemClock, dataDir: tmp(), secrets: () => [], bookFlushMs: () => 60_000, logError: () => undefined });
  const applier = new CacheApplier({
    writer,
    media,
    held: new HeldLeases(60_000, Date.now),
    libraryDir: () => library,
    log: silentLogger,
    pendingFlag: (id, field) => pending[`${id}/${field}`],
  });
  return { store, library, media, applier, writer, events };
}

it("a ledger row is written through core's one writer: poll bookkeeping kept here is dropped, the gallery is told", async () => {
  const { store, applier, writer, events } = setup();
  // This machine polled the task (its bookkeeping waits in memory), then lost it to another machine.
  const task = makeTaskRecord({ status: 'running', results: [], internal: { ...makeTaskRecord().internal, nextPollAt: 1_000 } });
  writer.insert(task);
  writer.keep(task.id, { internal: { ...task.internal, nextPollAt: 9_000, pollCount: 7 } });
  const told: string[] = [];
  events.subscribe((event, payload) => {
    if (event === 'taskChanged') told.push((payload as TaskSummary).status);
  });
  await applier.applyOne({ ...task, status: 'succeeded', internal: { ...task.internal, pollCount: 3 } }, {});
  // What core reads, what the gallery was told and what is stored agree: the ledger's state, no poll planned.
  expect(writer.get(task.id)).toMatchObject({ status: 'succeeded', internal: { nextPollAt: null, pollCount: 3 } });
  expect(told).toEqual(['succeeded']);
  writer.flushBook(); // a flush of the old bookkeeping would plan a poll of a task this machine no longer holds
  expect(store.get(task.id)?.internal).toMatchObject({ nextPollAt: null, pollCount: 3 });
});

it('an edit made here and not yet in the ledger wins over the ledger row that arrives first', async () => {
  const task = makeTaskRecord({ favourite: false, results: [] });
  const { store, applier } = setup({ [`${task.id}/favourite`]: true });
  await applier.applyOne(task, {});
  expect(store.get(task.id)?.favourite).toBe(true);
  // And what it shows is what it remembers, so the write is not taken for a new edit.
  expect(applier.flags.get(task.id)).toEqual({ favourite: true, rejected: false });
});

/** Puts `text` into the media store as an object (named by its sha256, as results are); answers the hash. */
async function storeObject(media: { put: (file: string, hash: string, mime: string) => Promise<unknown> }, text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const source = join(tmp(), 'r.png');
  writeFileSync(source, bytes);
  await media.put(source, hash, 'image/png');
  return hash;
}

it("another machine's result is fetched by its object hash, checked, and only then shown as done", async () => {
  const { store, library, media, applier } = setup();
  const hash = await storeObject(media, 'the stored file with its provenance');
  const task = makeTaskRecord();
  const file = task.results[0]?.file ?? '';
  await applier.applyOne(task, { '0': hash });
  expect(store.get(task.id)?.results[0]?.state).toBe('downloading');
  await applier.idle();
  expect(store.get(task.id)?.results[0]?.state).toBe('done');
  expect(createHash('sha256').update(readFileSync(join(library, file))).digest('hex')).toBe(hash);
});

it("a file already at a result's path that is not the ledger's object is replaced by it; one that is stays, read once", async () => {
  // Team chaos: a machine finished a download while the database was away, another machine took the task over
  // and downloaded it again (other provenance, same size). The ledger names the second copy; both machines
  // must then hold those bytes.
  const { store, library, media, applier } = setup();
  const hash = await storeObject(media, 'the copy the ledger names, provenance B');
  const task = makeTaskRecord();
  const file = task.results[0]?.file ?? '';
  const dest = join(library, file);
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, Buffer.from('the copy made here, provenance A'));
  await applier.applyOne(task, { '0': hash });
  // It stays shown while it is checked (it is a file, not a download).
  expect(store.get(task.id)?.results[0]?.state).toBe('done');
  await applier.idle();
  expect(readFileSync(dest).equals(Buffer.from('the copy the ledger names, provenance B'))).toBe(true);
  expect(store.get(task.id)?.results[0]?.state).toBe('done');
  // Checked now: the next change of the task fetches nothing and reads nothing (the object going away is no matter).
  const fetches = vi.spyOn(media, 'fetchTo');
  await applier.applyOne({ ...task, favourite: true }, { '0': hash });
  await applier.idle();
  expect(fetches).not.toHaveBeenCalled();
  // The right copy already here is kept as it is, and a copy the store cannot replace stays shown.
  const other = makeTaskRecord();
  const otherDest = join(library, other.results[0]?.file ?? '');
  mkdirSync(dirname(otherDest), { recursive: true });
  writeFileSync(otherDest, Buffer.from('made here, and the object is gone'));
  await applier.applyOne(other, { '0': 'e'.repeat(64) });
  await applier.idle();
  expect(readFileSync(otherDest, 'utf8')).toBe('made here, and the object is gone');
  expect(store.get(other.id)?.results[0]?.state).toBe('done');
});

it('a damaged object or a path out of the library is never shown as a file', async () => {
  const { store, library, applier } = setup();
  const missing = 'f'.repeat(64);
  const task = makeTaskRecord();
  await applier.applyOne(task, { '0': missing });
  await applier.idle();
  expect(store.get(task.id)?.results[0]).toMatchObject({ state: 'failed' });
  const escaping = makeTaskRecord();
  const results = escaping.results.map((r) => ({ ...r, file: '../../outside.png' }));
  await applier.applyOne({ ...escaping, results }, { '0': missing });
  await applier.idle();
  // Nothing is fetched to a path the ledger names outside the library (the media route confines reads too).
  expect(existsSync(resolve(library, '../../outside.png'))).toBe(false);
  expect(store.get(escaping.id)).not.toBeNull();
});
