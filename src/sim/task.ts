import { randomBytes } from 'node:crypto';
import type { SimFamily } from './types';
import type { SimContext } from './context';
import type { StoredFile } from './file-store';
import type { FileRecipe } from './recipe';
import { recipeSource } from './recipe';
import { bufferSource } from './byte-source';
import type { MediaKind, Phase, Timeline } from './timeline';
import { finishedAt, makeTimeline, phaseAt, progressPercent } from './timeline';

export type Outcome =
  { kind: 'success' } | { kind: 'failed'; reason: string } | { kind: 'cancelled'; reason: string };

/** Shape variants chosen once at submit by the corresponding faults. */
export interface TaskFlags {
  msTimestamps: boolean;
  unknownFirst: boolean;
  videoUrlObject: boolean;
  /** Unified families: each result URL also appears a second time, spelled differently (see the README's faults). */
  resultUrlTwice: boolean;
  /** Unified image: the answer is Kling's own task object (`status: "succeed"`, URLs in `task_result.images`). */
  klingTaskObject: boolean;
}

export interface BaseTask {
  id: string;
  family: SimFamily;
  model: string;
  prompt: string;
  timeline: Timeline;
  outcome: Outcome;
  flags: TaskFlags;
  files: StoredFile[];
}

/** Magic prompt words let tests and demo users reach the unhappy terminal states on purpose. */
export function outcomeFor(prompt: string): Outcome {
  if (prompt.includes('#fail')) return { kind: 'failed', reason: 'content risk control: #fail in prompt' };
  if (prompt.includes('#cancel')) return { kind: 'cancelled', reason: 'cancelled: #cancel in prompt' };
  return { kind: 'success' };
}

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

export function createTask(
  ctx: SimContext,
  family: SimFamily,
  media: MediaKind,
  id: string,
  model: string,
  prompt: string,
): BaseTask {
  const flags: TaskFlags = {
    msTimestamps: ctx.faults.take('msTimestamps', 'submit', family) !== undefined,
    unknownFirst: ctx.faults.take('unknownFirst', 'submit', family) !== undefined,
    videoUrlObject: ctx.faults.take('videoUrlObject', 'submit', family) !== undefined,
    resultUrlTwice: ctx.faults.take('resultUrlTwice', 'submit', family) !== undefined,
    klingTaskObject: ctx.faults.take('klingTaskObject', 'submit', family) !== undefined,
  };
  const timeline = makeTimeline(ctx.speed, media, ctx.now(), flags.unknownFirst);
  ctx.finishes.set(id, finishedAt(timeline));
  return { id, family, model, prompt, timeline, outcome: outcomeFor(prompt), flags, files: [] };
}

export interface TaskView {
  phase: Phase;
  percent: number;
  /** set once the task has ended */
  outcome: Outcome | undefined;
}

export function viewTask(ctx: SimContext, task: BaseTask): TaskView {
  const state = phaseAt(task.timeline, ctx.now());
  return {
    phase: state.phase,
    percent: progressPercent(state),
    outcome: state.phase === 'done' ? task.outcome : undefined,
  };
}

const FOREIGN_SCRIPT = Buffer.from('#!/bin/sh\necho "not an image"\n');

/** Registers result files that become downloadable when the task finishes (only for successes). */
export function attachFiles(
  ctx: SimContext,
  task: BaseTask,
  names: string[],
  recipe: (index: number) => FileRecipe,
): void {
  if (task.outcome.kind !== 'success') return;
  const at = finishedAt(task.timeline);
  // A hostile or broken gateway: each result is a shell script, named `.sh`, served as octet-stream.
  if (ctx.faults.take('foreignResult', 'submit', task.family)) {
    task.files = names.map((_, i) =>
      ctx.files.add(task.family, `zz-${i + 1}.sh`, at, () => bufferSource(FOREIGN_SCRIPT, 'application/octet-stream')),
    );
    return;
  }
  task.files = names.map((name, i) => {
    const r = recipe(i);
    return ctx.files.add(task.family, name, at, () => recipeSource(ctx, r), r);
  });
}

/** A family's tasks in this simulator (parallel simulators in one process stay independent). */
export function familyTasks<T extends BaseTask>(ctx: SimContext, family: SimFamily): Map<string, T> {
  let map = ctx.tasks.get(family);
  if (!map) ctx.tasks.set(family, (map = new Map()));
  // Each family module is the only one that stores tasks under its name, always of its own type.
  return map as Map<string, T>;
}

/** Stores an accepted task; a persisted simulator writes its state before the submit is answered. */
export function keepTask(ctx: SimContext, task: BaseTask): void {
  familyTasks(ctx, task.family).set(task.id, task);
  ctx.saveState();
}

export function fileUrls(ctx: SimContext, task: BaseTask): string[] {
  return task.files.map((f) => ctx.files.url(f));
}
