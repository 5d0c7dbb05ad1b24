import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { thumbnailName } from '../../shared/domain/thumbnail';
import type { TaskRecord } from '../tasks/task-record';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import { makePng, startTestCore, type TestCore } from '../test-support/core-harness';
import { createLazyThumbnails } from './lazy-thumbnails';
import { makeImageThumbnail } from './make-thumbnail';
import { TaskWriter } from '../engine/task-writer';
import { CoreEvents } from '../events';
import { systemClock } from '../ports';

/** Issue 16 (first paint): every image gets a thumbnail, made in core the first time the gallery asks. */
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-lazy-thumbs-'));
  const roots = { library: join(dir, 'library'), inputs: join(dir, 'inputs'), thumbs: join(dir, 'thumbs') };
  for (const r of Object.values(roots)) mkdirSync(r, { recursive: true });
  const store = TaskStore.open(join(dir, 'atelier.db'));
  cleanups.push(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  let made = 0;
  const writer = new TaskWriter({ store, events: new CoreEvents(), clock: systemClock, dataDir: dir, secrets: () => [], bookFlushMs: () => 3_000, logError: () => undefined });
  const resolve = createLazyThumbnails({
    store,
    writer,
    roots: () => roots,
    make: (source, thumbsDir, name) => {
      made++;
      return makeImageThumbnail(source, thumbsDir, name);
    },
  });
  const add = (kind: 'image' | 'video', bytes: Buffer, extra: Partial<TaskRecord> = {}): TaskRecord => {
    const base = makeTaskRecord({ status: 'succeeded', ...extra });
    const r0 = base.results[0]!;
    const file = `${kind}s/${base.id}.${kind === 'image' ? 'png' : 'mp4'}`;
    mkdirSync(dirname(join(roots.library, file)), { recursive: true });
    writeFileSync(join(roots.library, file), bytes);
    const rec = { ...base, results: [{ ...r0, kind, state: 'done' as const, file, thumbnail: null }] };
    store.insert(rec);
    return rec;
  };
  return { roots, store, resolve, add, made: () => made };
}

describe('lazy thumbnails', () => {
  it('makes a WebP for an image result that has none, records it, and makes it once for concurrent asks', async () => {
    const t = setup();
    const rec = t.add('image', makePng(1200, 800));
    const name = thumbnailName(rec.id, 0);
    const [a, b] = await Promise.all([t.resolve(`thumbs/${name}`), t.resolve(`thumbs/${name}`)]);
    expect(a).toBe(join(t.roots.thumbs, name));
    expect(b).toBe(a);
    expect(t.made()).toBe(1);
    const meta = await sharp(readFileSync(a!)).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(t.store.get(rec.id)?.results[0]?.thumbnail).toBe(name);
    expect(t.store.get(rec.id)?.updatedAt).toBe(rec.updatedAt);
    // Recorded and on disk: served as found through its task, not made again.
    expect(await t.resolve(`thumbs/${name}`)).toBe(a);
    expect(t.made()).toBe(1);
  });

  it('answers null for videos, unknown tasks, foreign names and unreadable images (the page shows the image itself)', async () => {
    const t = setup();
    const video = t.add('video', Buffer.from('not really a video'));
    const broken = t.add('image', Buffer.from('not a png'));
    expect(await t.resolve(`thumbs/${thumbnailName(video.id, 0)}`)).toBeNull();
    expect(await t.resolve(`thumbs/${thumbnailName('no-such-task', 0)}`)).toBeNull();
    expect(await t.resolve(`thumbs/${thumbnailName(broken.id, 0)}`)).toBeNull();
    expect(t.store.get(broken.id)?.results[0]?.thumbnail).toBeNull();
    for (const p of [
      'thumbs/../x-0.webp',
      'thumbs/a.b-0.webp',
      'library/x-0.webp',
      `thumbs/${broken.id}-0.png`,
      `thumbs/sub/${broken.id}-0.webp`,
    ])
      expect(await t.resolve(p), p).toBeNull();
  });
});

describe('core serves them', () => {
  let core: TestCore | null = null;
  cleanups.push(async () => {
    await core?.close();
  });

  it('resolves a media request for an image result without a thumbnail to a thumbnail it just made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-lazy-core-'));
    const store = TaskStore.open(join(dataDir, 'atelier.db'));
    const base = makeTaskRecord({ status: 'succeeded' });
    const file = `images/${base.id}.png`;
    mkdirSync(join(dataDir, 'library', 'images'), { recursive: true });
    writeFileSync(join(dataDir, 'library', file), makePng(900, 600));
    store.insert({
      ...base,
      internal: { ...base.internal, nextPollAt: null },
      results: [{ ...base.results[0]!, state: 'done', file, thumbnail: null }],
    });
    store.close();
    core = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
    const name = thumbnailName(base.id, 0);
    const served = await core.core.resolveMedia(`thumbs/${name}`);
    expect(served).toBe(join(core.core.mediaRoots().thumbs, name));
    expect((await sharp(readFileSync(served!)).metadata()).format).toBe('webp');
    // Recorded now: served from then on, not made again.
    expect(await core.core.resolveMedia(`thumbs/${name}`)).toBe(served);
    // A thumbnail name for a task that does not exist is still refused.
    expect(await core.core.resolveMedia(`thumbs/${thumbnailName('nope', 0)}`)).toBeNull();
  });
});
