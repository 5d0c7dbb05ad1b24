import { z } from 'zod';
import type { SimContext } from './context';
import type { SimFamily, SimStateStore } from './types';
import type { BaseTask } from './task';
import { familyTasks } from './task';
import { recipeSource } from './recipe';
import { finishedAt } from './timeline';
import type { GatewayTask } from './families/gateway-task';
import { sendCallback } from './families/gateway-callback';

/**
 * The demo gateway's memory across restarts: every accepted task (its timeline, outcome and how to make its
 * result files again) is written before the submit is answered, and read back at start, so a task that was
 * running when the app stopped finishes on its original schedule and its URLs serve the same bytes.
 * Opt-in (SimOptions.state): tests' simulators stay in memory.
 */

export const SIM_STATE_VERSION = 1;
/** Finished tasks are forgotten after this long (a real gateway's results expire too). */
export const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;
/** At most this many tasks are kept (newest first), so the file stays small. */
export const MAX_KEPT_TASKS = 2000;

const num = z.number().finite();
const fileSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  family: z.enum(['gateway', 'videos', 'imageEdit', 'unifiedVideo', 'unifiedImage', 'vendor']),
  availableAt: num,
  token: z.string().min(1),
  recipe: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('clip'),
      shape: z.enum(['16x9', '9x16', '1x1']),
      seed: z.string().optional(),
    }),
    z.object({
      kind: z.literal('png'),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      prompt: z.string(),
      label: z.string(),
    }),
  ]),
});
const base = {
  id: z.string().min(1),
  model: z.string(),
  prompt: z.string(),
  timeline: z.object({ createdAt: num, unknownMs: num, queuedMs: num, runningMs: num }),
  outcome: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('success') }),
    z.object({ kind: z.literal('failed'), reason: z.string() }),
    z.object({ kind: z.literal('cancelled'), reason: z.string() }),
  ]),
  flags: z.object({
    msTimestamps: z.boolean(),
    unknownFirst: z.boolean(),
    videoUrlObject: z.boolean(),
    // Added later (issue 26): state saved before them reads as "off".
    resultUrlTwice: z.boolean().default(false),
    klingTaskObject: z.boolean().default(false),
  }),
  files: z.array(fileSchema),
};
const taskSchema = z.discriminatedUnion('family', [
  z.object({
    ...base,
    family: z.literal('gateway'),
    job: z.object({
      model: z.string(),
      media: z.enum(['video', 'image']),
      prompt: z.string(),
      aspect: z.string().optional(),
      n: z.number().int().positive(),
      duration: num,
      pro: z.boolean(),
      objectResult: z.boolean(),
      callbackUrl: z.string().optional(),
    }),
    callbackUrl: z.string().optional(),
    providerTaskId: z.string(),
    requestId: z.string(),
    points: num,
  }),
  z.object({ ...base, family: z.literal('videos'), seconds: z.string(), size: z.string() }),
  z.object({ ...base, family: z.literal('unifiedImage'), requestId: z.string() }),
  z.object({
    ...base,
    family: z.literal('unifiedVideo'),
    kind: z.enum(['text', 'first_frame', 'first_last_frame', 'image_input', 'reference', 'video_edit']),
  }),
  z.object({ ...base, family: z.literal('vendor'), op: z.enum(['expand', 'avatar', 'extend']) }),
]);
export type SavedTask = z.output<typeof taskSchema>;

/** Keeps the readable tasks of a saved state and names the rest; null when the file is not a state at all. */
export function salvageSimState(raw: unknown): { value: SavedTask[]; dropped: string[] } | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const rec = raw as Record<string, unknown>;
  if (rec.version !== SIM_STATE_VERSION || !Array.isArray(rec.tasks)) return null;
  const value: SavedTask[] = [];
  const dropped: string[] = [];
  rec.tasks.forEach((entry: unknown, i) => {
    const parsed = taskSchema.safeParse(entry);
    if (parsed.success) value.push(parsed.data);
    else {
      const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
      dropped.push(typeof id === 'string' && id ? `task ${id}` : `task #${i + 1}`);
    }
  });
  return { value, dropped };
}

/** Tasks worth keeping at `now`: not finished for longer than KEEP_FINISHED_MS, newest MAX_KEPT_TASKS. */
function kept<T extends Pick<BaseTask, 'timeline'>>(tasks: T[], now: number): T[] {
  return tasks
    .filter((t) => finishedAt(t.timeline) >= now - KEEP_FINISHED_MS)
    .sort((a, b) => b.timeline.createdAt - a.timeline.createdAt)
    .slice(0, MAX_KEPT_TASKS);
}

function allTasks(ctx: SimContext): BaseTask[] {
  return [...ctx.tasks.values()].flatMap((m) => [...m.values()]);
}

/** Forgets tasks past keeping (and their files), so a long-running demo gateway stays small too. */
function prune(ctx: SimContext): void {
  const keep = new Set(kept(allTasks(ctx), ctx.now()));
  for (const map of ctx.tasks.values())
    for (const [id, task] of map)
      if (!keep.has(task)) {
        map.delete(id);
        ctx.finishes.delete(id);
        for (const f of task.files) ctx.files.delete(f.id);
      }
}

/**
 * Each task's saved JSON, made once: a task does not change after it is accepted (its timeline is fixed at
 * submit), so a write joins ready strings instead of serialising every task again (2,000 tasks: one write
 * is a join and a 1 MB file, not a 1 MB JSON.stringify). A token minted later by the expireUrl fault is not
 * saved: after a restart the old URL answers 403 and a query hands out a fresh one, as for any expiry.
 */
const savedJson = new WeakMap<BaseTask, string>();
function jsonOf(task: BaseTask): string {
  let json = savedJson.get(task);
  if (json === undefined) savedJson.set(task, (json = JSON.stringify(toSaved(task))));
  return json;
}

function toSaved(task: BaseTask): unknown {
  return {
    ...task,
    files: task.files.flatMap((f) =>
      f.recipe
        ? [
            {
              id: f.id,
              name: f.name,
              family: f.family,
              availableAt: f.availableAt,
              token: f.token,
              recipe: f.recipe,
            },
          ]
        : [],
    ),
  };
}

/** Writes the state; a failed write (a full disk) is retried with the next accepted task. */
export function saveSimState(ctx: SimContext, store: SimStateStore): void {
  prune(ctx);
  try {
    const tasks = allTasks(ctx).map(jsonOf).join(',');
    store.write(`{"version":${SIM_STATE_VERSION},"savedAt":${ctx.now()},"tasks":[${tasks}]}\n`);
  } catch {
    // The task is still served from memory; only a restart before the next good write would lose it, and
    // then the app ends it `failed` with a plain reason.
  }
}

/** Reads the saved state into a fresh simulator; tasks still running get their callbacks scheduled again. */
export function restoreSimState(ctx: SimContext, store: SimStateStore): number {
  let saved: SavedTask[];
  try {
    saved = store.read(salvageSimState, []);
  } catch {
    return 0;
  }
  const now = ctx.now();
  const tasks = kept(saved, now);
  for (const s of tasks) {
    const files = s.files.map((f) => ctx.files.restore(f, () => recipeSource(ctx, f.recipe)));
    const task: BaseTask = { ...s, files };
    familyTasks(ctx, s.family as SimFamily).set(task.id, task);
    const finish = finishedAt(task.timeline);
    ctx.finishes.set(task.id, finish);
    if (s.family === 'gateway' && s.callbackUrl && finish > now) {
      const g = task as GatewayTask;
      ctx.schedule(finish - now, () => sendCallback(ctx, g));
    }
  }
  return tasks.length;
}
