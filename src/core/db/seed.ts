import type { TaskResult, TaskStatus } from '../../shared/domain/task';
import type { Family, OperationId } from '../../shared/operations/ids';
import type { TaskRecord } from '../tasks/task-record';
import type { TaskStore } from './task-store';

/** A source of uniform numbers in [0, 1); pass a seeded one for reproducible data. */
export type Rng = () => number;

/** Options for {@link seedTasks}. */
export interface SeedOptions {
  /** Newest possible `createdAt`; tasks spread over the 180 days before it. Default: `Date.now()`. */
  now?: number;
  /** Gateway vendor written into model ids. Default `vendora`, as in the spec and the simulator. */
  vendor?: string;
}

interface OperationShape {
  id: OperationId;
  family: Family;
  kind: 'image' | 'video';
  models: string[];
}

const OPERATIONS: readonly OperationShape[] = [
  {
    id: 'gateway.text2video',
    family: 'gateway',
    kind: 'video',
    models: ['{v}_2.6_text2video', '{v}_2.1_text2video'],
  },
  { id: 'gateway.subjectReference', family: 'gateway', kind: 'video', models: ['{v}_2.6_subject_reference'] },
  { id: 'gateway.motionControl', family: 'gateway', kind: 'video', models: ['{v}_2.6_motion_control'] },
  {
    id: 'gateway.text2image',
    family: 'gateway',
    kind: 'image',
    models: ['{v}_3.0_text2image', '{v}_2.1_text2image'],
  },
  { id: 'videos.create', family: 'videos', kind: 'video', models: ['sora-2', 'sora-2-pro'] },
  { id: 'imageEdit.edit', family: 'imageEdit', kind: 'image', models: ['gpt-image-1'] },
  { id: 'unifiedVideo.generate', family: 'unifiedVideo', kind: 'video', models: ['veo-3', 'kling-v2-6'] },
  { id: 'unifiedImage.generate', family: 'unifiedImage', kind: 'image', models: ['flux-pro', 'seedream-4'] },
  { id: 'vendor.expand', family: 'vendor', kind: 'image', models: ['kling-v1'] },
  { id: 'vendor.avatar', family: 'vendor', kind: 'video', models: ['kling-avatar'] },
  { id: 'vendor.extend', family: 'vendor', kind: 'video', models: ['kling-v1'] },
];

/** Roughly what a real history looks like: mostly finished, a few in flight or in trouble. */
const STATUS_WEIGHTS: readonly [TaskStatus, number][] = [
  ['succeeded', 70],
  ['failed', 9],
  ['cancelled', 3],
  ['running', 5],
  ['queued', 4],
  ['downloading', 2],
  ['submitting', 1],
  ['unknown', 3],
  ['stalled', 3],
];

const EN_SUBJECTS = [
  'a red fox',
  'an old lighthouse',
  'a cyberpunk street market',
  'a sleeping cat',
  'a paper boat',
  'a glass teapot',
  'an astronaut',
  'a koi pond',
  'a vintage motorcycle',
  'a snowy mountain village',
  'a jazz trio',
  'a hummingbird',
  'a café terrace',
  'a desert caravan',
  'a robot gardener',
  'a violin maker',
];
const EN_ACTIONS = [
  'at golden hour',
  'in heavy rain',
  'under neon lights',
  'drifting through fog',
  'seen from above',
  'in slow motion',
  'on a windy cliff',
  'reflected in a puddle',
  'at midnight',
  'surrounded by cherry blossoms',
];
const EN_STYLES = [
  'cinematic, 35mm film',
  'watercolor illustration',
  'ultra detailed, 8k',
  'studio ghibli style',
  'isometric 3d render',
  'soft pastel palette',
  'dramatic chiaroscuro',
  'documentary photo',
  'low-poly',
  'oil painting, impasto',
];
const ZH_SUBJECTS = [
  '一只橘猫',
  '古老的灯塔',
  '赛博朋克街头',
  '雪山脚下的小村庄',
  '水墨山水',
  '穿汉服的女孩',
  '熊猫宝宝',
  '江南小镇',
];
const ZH_ACTIONS = ['在月光下', '在雨中漫步', '黄昏时分', '云雾缭绕', '樱花飘落', '夜晚霓虹灯下'];
const ZH_STYLES = ['电影质感', '水彩风格', '超高清细节', '宫崎骏风格', '国画风格', '柔和的色调'];
const ERRORS = ['content policy violation', 'insufficient points', 'upstream timeout', 'invalid image size'];

const DAY = 86_400_000;

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickStatus(rng: Rng): TaskStatus {
  const total = STATUS_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [status, weight] of STATUS_WEIGHTS) {
    x -= weight;
    if (x < 0) return status;
  }
  return 'succeeded';
}

function prompt(rng: Rng): string {
  const r = rng();
  if (r < 0.25) return `${pick(rng, ZH_SUBJECTS)}${pick(rng, ZH_ACTIONS)}，${pick(rng, ZH_STYLES)}`;
  const en = `${pick(rng, EN_SUBJECTS)} ${pick(rng, EN_ACTIONS)}, ${pick(rng, EN_STYLES)}`;
  const sentence = en.charAt(0).toUpperCase() + en.slice(1);
  // Some prompts mix languages, as real users' do.
  return r < 0.32 ? `${sentence}，${pick(rng, ZH_STYLES)}` : sentence;
}

function results(rng: Rng, op: OperationShape, status: TaskStatus, id: string): TaskResult[] {
  if (status !== 'succeeded' && status !== 'downloading') return [];
  const count = op.kind === 'image' ? 1 + Math.floor(rng() * 4) : 1;
  const ext = op.kind === 'image' ? 'png' : 'mp4';
  return Array.from({ length: count }, (_, index) => {
    const size =
      op.kind === 'image'
        ? 200_000 + Math.floor(rng() * 2_000_000)
        : 2_000_000 + Math.floor(rng() * 40_000_000);
    const done = status === 'succeeded';
    return {
      index,
      kind: op.kind,
      remoteUrl: `https://cdn.example.test/${id}/${index}.${ext}`,
      file: done ? `${op.kind}s/${id}-${index}.${ext}` : null,
      mime: op.kind === 'image' ? 'image/png' : 'video/mp4',
      bytesReceived: done ? size : Math.floor(size * rng()),
      bytesTotal: size,
      thumbnail: null,
      sha256: done ? Array.from({ length: 64 }, () => Math.floor(rng() * 16).toString(16)).join('') : null,
      state: done ? 'done' : 'downloading',
      error: null,
    };
  });
}

/** Builds one realistic fake task (no I/O). */
export function fakeTaskRecord(rng: Rng, index: number, options: SeedOptions = {}): TaskRecord {
  const now = options.now ?? Date.now();
  const vendor = options.vendor ?? 'vendora';
  const op = pick(rng, OPERATIONS);
  const status = pickStatus(rng);
  const id = `t${index.toString(36).padStart(5, '0')}${Math.floor(rng() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const createdAt = Math.floor(now - rng() * 180 * DAY);
  const finished = status === 'succeeded' || status === 'failed' || status === 'cancelled';
  const duration = (op.kind === 'video' ? 60_000 : 8_000) + Math.floor(rng() * 240_000);
  const text = prompt(rng);
  const inFlight = !finished && status !== 'downloading';
  return {
    id,
    operationId: op.id,
    family: op.family,
    model: pick(rng, op.models).replace('{v}', vendor),
    profileId: rng() < 0.8 ? 'default' : 'backup',
    demo: rng() < 0.05,
    status,
    rawStatus: status === 'unknown' ? null : status.toUpperCase(),
    remoteId: status === 'submitting' || status === 'unknown' ? null : `r-${id}`,
    prompt: text,
    progress:
      status === 'running' ? Math.floor(rng() * 100) : finished && status === 'succeeded' ? 100 : null,
    error: status === 'failed' ? pick(rng, ERRORS) : null,
    points: status === 'failed' || status === 'cancelled' ? 0 : Math.ceil(rng() * 40),
    favourite: rng() < 0.08,
    rateLimitedUntil: null,
    expectedMs: null,
    batchId: null,
    rejected: false,
    createdAt,
    submittedAt: status === 'submitting' ? null : createdAt + 200,
    finishedAt: finished ? createdAt + duration : null,
    updatedAt: finished ? createdAt + duration : createdAt + 1000,
    results: results(rng, op, status, id),
    values: { prompt: text, model: op.models[0] ?? '', aspect_ratio: pick(rng, ['1:1', '16:9', '9:16']) },
    extra: {},
    inputs: [],
    lastRawResponse: { status: status.toUpperCase(), id: `r-${id}` },
    events: [{ at: createdAt, message: 'created' }],
    internal: {
      sendPhase: status === 'submitting' ? 'local' : 'answered',
      nextPollAt: inFlight ? now + Math.floor(rng() * 60_000) - 30_000 : null,
      pollCount: Math.floor(rng() * 30),
      callbackToken: op.family === 'gateway' ? id.split('').reverse().join('') : null,
      baseUrl: 'http://127.0.0.1:8787',
      vendor,
      submitPath: `/${op.family}`,
    },
  };
}

/**
 * Inserts `n` realistic fake tasks (every operation, varied models and statuses, English and Chinese
 * prompts, six months of dates) in one transaction, and returns them. Deterministic for a seeded `rng`
 * and a fixed `options.now`. For benchmarks, e2e fixtures and tests; never called by the app itself.
 */
export function seedTasks(store: TaskStore, n: number, rng: Rng, options: SeedOptions = {}): TaskRecord[] {
  const now = options.now ?? Date.now();
  const records = Array.from({ length: n }, (_, i) => fakeTaskRecord(rng, i, { ...options, now }));
  store.insertMany(records);
  return records;
}

/**
 * Like {@link seedTasks} for histories too large to hold in memory (a million tasks): records are made one
 * at a time as they are inserted, and returned as a count. Each record's times are moved so that creation
 * follows insertion (oldest first, evenly over the 180 days before `now`), as in a real history, where a
 * task's row id grows with its creation time. `map` may change a record before it is inserted.
 */
export function seedManyTasks(
  store: TaskStore,
  n: number,
  rng: Rng,
  options: SeedOptions & { map?: (r: TaskRecord) => TaskRecord } = {},
): number {
  const now = options.now ?? Date.now();
  const map = options.map ?? ((r: TaskRecord) => r);
  function* records(): Generator<TaskRecord> {
    for (let i = 0; i < n; i++) {
      const r = fakeTaskRecord(rng, i, { ...options, now });
      yield map(shiftTimes(r, now - 180 * DAY + Math.floor(((i + rng()) * 180 * DAY) / n) - r.createdAt));
    }
  }
  return store.insertMany(records());
}

function shiftTimes(r: TaskRecord, by: number): TaskRecord {
  const at = (t: number | null): number | null => (t === null ? null : t + by);
  return {
    ...r,
    createdAt: r.createdAt + by,
    submittedAt: at(r.submittedAt),
    finishedAt: at(r.finishedAt),
    updatedAt: r.updatedAt + by,
    events: r.events.map((e) => ({ ...e, at: e.at + by })),
  };
}

/** A small seeded PRNG (mulberry32), so seeds reproduce across runs and machines. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
