import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { TaskStore } from '../../src/core/db/task-store';
import { fakeTaskRecord, mulberry32, seedManyTasks } from '../../src/core/db/seed';
import type { TaskRecord } from '../../src/core/tasks/task-record';
import { renderPromptPng } from '../../src/sim/image/render-image';
import { clipFileName, clipPaletteFor } from '../../src/sim/media';

/** The history database core opens (coordinated with the engine): `<dataDir>/atelier.db`. */
export const dbFile = (dataDir: string): string => join(dataDir, 'atelier.db');
/** The default library folder (preferences.libraryDir empty). */
export const libraryDir = (dataDir: string): string => join(dataDir, 'library');

export const SIM_CLIPS = {
  '16x9': resolve('resources/sim/clip-16x9.mp4'),
  '9x16': resolve('resources/sim/clip-9x16.mp4'),
  '1x1': resolve('resources/sim/clip-1x1.mp4'),
} as const;

export interface SeedGalleryOptions {
  /** How many random tasks (core's realistic generator). */
  count: number;
  seed?: number;
  now?: number;
  /**
   * Write real files for the results of the newest `withFiles` tasks (default: all). Images are a few
   * prompt-coloured PNGs hard-linked many times; videos are the simulator's clips, so nothing is huge.
   */
  withFiles?: number;
  /** Tasks to add as they are (built with {@link fixtureTask}). */
  extra?: TaskRecord[];
}

function aspectOf(r: TaskRecord): '16x9' | '9x16' | '1x1' {
  const a = r.values.aspect_ratio;
  return a === '16:9' ? '16x9' : a === '9:16' ? '9x16' : '1x1';
}

const IMAGE_SIZES = { '16x9': [768, 432], '9x16': [432, 768], '1x1': [640, 640] } as const;

/** Materialises result files in the library: one rendered PNG per (aspect, palette), then hard links. */
class FileWriter {
  readonly #rendered = new Map<string, string>();
  constructor(readonly library: string) {}

  write(r: TaskRecord): void {
    for (const res of r.results) {
      if (!res.file) continue;
      const target = join(this.library, res.file);
      mkdirSync(dirname(target), { recursive: true });
      const shape = aspectOf(r);
      if (res.kind === 'video') {
        // The same palette the demo gateway picks for this prompt, so a seeded gallery looks like a real one.
        link(resolve('resources/sim', clipFileName(shape, clipPaletteFor(r.prompt))), target);
        continue;
      }
      const palette = Math.abs(hash(r.prompt)) % 24;
      const key = `${shape}-${palette}-${res.index}`;
      let source = this.#rendered.get(key);
      if (!source) {
        source = join(this.library, '.seed', `${key}.png`);
        mkdirSync(dirname(source), { recursive: true });
        const [w, h] = IMAGE_SIZES[shape];
        writeFileSync(source, renderPromptPng(w, h, r.prompt, `${r.model} #${res.index + 1}`));
        this.#rendered.set(key, source);
      }
      link(source, target);
    }
  }
}

function link(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * Seeds the data dir's history DB (before the app starts) and writes result files into the library.
 * Returns every inserted record, newest first.
 */
export function seedGallery(dataDir: string, options: SeedGalleryOptions): TaskRecord[] {
  const rng = mulberry32(options.seed ?? 7);
  const now = options.now ?? Date.now();
  const records = Array.from({ length: options.count }, (_, i) => inert(withThumbnailField(fakeTaskRecord(rng, i, { now }))));
  records.push(...(options.extra ?? []));
  records.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const store = TaskStore.open(dbFile(dataDir));
  try {
    store.insertMany(records);
  } finally {
    store.close();
  }
  const writer = new FileWriter(libraryDir(dataDir));
  records.slice(0, options.withFiles ?? records.length).forEach((r) => writer.write(r));
  return records;
}

/**
 * {@link seedGallery} for histories too large to hold in memory (the benches' 100,000 and 1,000,000): records
 * are made as they are inserted (seedManyTasks: one transaction, the full-text indexes built once after,
 * creation following insertion as in a real history), then the newest `withFiles` get their files. Returns
 * how many were inserted.
 */
export function seedGalleryMany(dataDir: string, options: Omit<SeedGalleryOptions, 'extra'>): number {
  const now = options.now ?? Date.now();
  const store = TaskStore.open(dbFile(dataDir));
  try {
    const n = seedManyTasks(store, options.count, mulberry32(options.seed ?? 7), {
      now,
      map: (r) => inert(withThumbnailField(r)),
    });
    const writer = new FileWriter(libraryDir(dataDir));
    let left = options.withFiles ?? n;
    let cursor: string | null = null;
    while (left > 0) {
      const page = store.list({ sort: 'newest' }, cursor, Math.min(left, 500));
      page.items.forEach((r) => writer.write(r));
      left -= page.items.length;
      cursor = page.nextCursor;
      if (cursor === null || page.items.length === 0) break;
    }
    return n;
  } finally {
    store.close();
  }
}

/**
 * Makes a random record one the engine leaves alone, so a seeded history stays as seeded while the app
 * runs (the engine resumes in-flight tasks at start; these point at a gateway that does not exist):
 * in-flight tasks become `stalled` with no poll scheduled, downloads finished, unknowns unscheduled.
 * Live states in tests come from real submissions to the demo gateway instead.
 */
export function inert(r: TaskRecord): TaskRecord {
  const idle = { ...r.internal, nextPollAt: null };
  switch (r.status) {
    case 'submitting':
    case 'queued':
    case 'running':
      return { ...r, status: 'stalled', progress: null, internal: idle, error: 'No result after a long wait.' };
    case 'downloading': {
      const results = r.results.map((x) => ({ ...x, state: 'done' as const, bytesReceived: x.bytesTotal ?? x.bytesReceived, file: x.file ?? `${x.kind}s/${r.id}-${x.index}.${x.kind === 'image' ? 'png' : 'mp4'}` }));
      return { ...r, status: 'succeeded', results, finishedAt: r.updatedAt, internal: idle };
    }
    case 'unknown':
    case 'stalled':
      return { ...r, remoteId: r.status === 'unknown' ? null : r.remoteId, internal: idle };
    default:
      return { ...r, internal: idle };
  }
}

/** The result schema gained `thumbnail`; records from older generators lack it. */
function withThumbnailField(r: TaskRecord): TaskRecord {
  return { ...r, results: r.results.map((x) => ({ ...x, thumbnail: x.thumbnail ?? null })) };
}

/** A deterministic task for a test to find: a base record with the given fields laid over it. */
export function fixtureTask(id: string, patch: Partial<TaskRecord> & Pick<TaskRecord, 'operationId' | 'prompt' | 'status'>): TaskRecord {
  const base = withThumbnailField(fakeTaskRecord(mulberry32(hash(id)), 0));
  const now = patch.createdAt ?? Date.now();
  return {
    ...base,
    id,
    family: patch.operationId.split('.')[0] as TaskRecord['family'],
    results: [],
    error: null,
    progress: null,
    finishedAt: null,
    createdAt: now,
    submittedAt: now + 200,
    updatedAt: now,
    values: { prompt: patch.prompt, aspect_ratio: '16:9' },
    ...patch,
    // Never scheduled: the engine must leave fixtures as they are.
    internal: { ...base.internal, nextPollAt: null },
  };
}
