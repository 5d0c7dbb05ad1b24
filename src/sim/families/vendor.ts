import { randomUUID } from 'node:crypto';
import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { readJsonObject, sendJson, taskNotFound } from '../exchange';
import type { BaseTask } from '../task';
import { attachFiles, createTask, familyTasks, fileUrls, keepTask, viewTask } from '../task';
import { aspectRatio, mediaRef, str } from '../validate';
import { badRequest } from '../exchange';
import { sizeForAspect } from '../image/render-image';
import { clipShapeForAspect } from '../media';

type Operation = 'expand' | 'avatar' | 'extend';

const PATHS: Record<Operation, string> = {
  expand: '/vendora/v1/images/editing/expand',
  avatar: '/vendora/v1/videos/avatar/image2video',
  extend: '/vendora/v1/videos/video-extend',
};

interface VendorTask extends BaseTask {
  op: Operation;
}

const vendorTasks = (ctx: SimContext): Map<string, VendorTask> => familyTasks<VendorTask>(ctx, 'vendor');

/** Kling-style numeric-looking task ids. */
function vendorTaskId(): string {
  return `8${Array.from({ length: 17 }, () => Math.floor(Math.random() * 10)).join('')}`;
}

const SIDES = ['up', 'down', 'left', 'right'] as const;

/**
 * Kling's own expand fields (api-notes C), taken beside `aspect_ratio`: all four or none, each a number in
 * [0, 2], and the expanded picture at most 3× the original's area.
 */
function expansionRatios(body: Record<string, unknown>): void {
  const given = SIDES.filter((s) => body[`${s}_expansion_ratio`] !== undefined);
  if (given.length === 0) return;
  if (given.length < 4) throw badRequest('send all four of up_/down_/left_/right_expansion_ratio, or none');
  const r = Object.fromEntries(
    SIDES.map((s) => {
      const v = body[`${s}_expansion_ratio`];
      if (typeof v !== 'number' || !(v >= 0 && v <= 2)) throw badRequest(`${s}_expansion_ratio must be a number in [0, 2] (got ${JSON.stringify(v)})`);
      return [s, v];
    }),
  ) as Record<(typeof SIDES)[number], number>;
  if ((1 + r.left + r.right) * (1 + r.up + r.down) > 3 + 1e-9) throw badRequest('the expanded area may be at most 3 times the original');
}

function submitFor(op: Operation): Route['handle'] {
  return async (ex: Exchange, ctx: SimContext) => {
    const body = await readJsonObject(ex);
    const model = str(body, 'model', true);
    let prompt = str(body, 'prompt') ?? '';
    let aspect: string | undefined;
    if (op === 'expand') {
      mediaRef(body, 'image', true);
      aspect = aspectRatio(body, 'aspect_ratio', true);
      expansionRatios(body);
    } else if (op === 'avatar') {
      mediaRef(body, 'image', true);
      mediaRef(body, 'audio', true);
    } else {
      const videoId = str(body, 'video_id', true);
      if (!prompt.trim()) prompt = `extension of ${videoId}`;
    }
    const id = vendorTaskId();
    const task: VendorTask = {
      ...createTask(ctx, 'vendor', op === 'expand' ? 'image' : 'video', id, model, prompt),
      op,
    };
    if (op === 'expand') {
      const size = sizeForAspect(aspect);
      attachFiles(ctx, task, ['expanded.png'], () => ({
        kind: 'png',
        ...size,
        prompt: prompt || `expanded to ${aspect ?? ''}`,
        label: `ATELIER SIM - EXPAND ${aspect ?? ''}`,
      }));
    } else
      attachFiles(ctx, task, ['video.mp4'], () => ({
        kind: 'clip',
        shape: op === 'avatar' ? clipShapeForAspect('1:1') : '16x9',
        seed: prompt || id,
      }));
    keepTask(ctx, task);
    const at = task.timeline.createdAt;
    sendJson(ex, 200, {
      code: 0,
      message: 'SUCCESS',
      request_id: randomUUID(),
      data: { task_id: id, task_status: 'submitted', created_at: at, updated_at: at },
    });
  };
}

const STATUS = {
  unknown: 'unknown',
  queued: 'submitted',
  running: 'processing',
  done: 'processing',
} as const;

function queryFor(op: Operation): Route['handle'] {
  return (ex: Exchange, ctx: SimContext) => {
    const id = ex.params[0] ?? '';
    const task = vendorTasks(ctx).get(id);
    if (!task || task.op !== op) throw taskNotFound(id);
    const view = viewTask(ctx, task);
    const now = ctx.now();
    // Kling reports milliseconds; updated_at is the start of the current phase.
    const data: Record<string, unknown> = {
      task_id: id,
      task_status: view.outcome
        ? view.outcome.kind === 'success'
          ? 'succeed'
          : 'failed'
        : STATUS[view.phase],
      task_status_msg: view.outcome && view.outcome.kind !== 'success' ? view.outcome.reason : '',
      created_at: task.timeline.createdAt,
      updated_at: Math.min(
        now,
        task.timeline.createdAt + task.timeline.unknownMs + task.timeline.queuedMs + task.timeline.runningMs,
      ),
    };
    if (view.outcome?.kind === 'success') {
      const urls = fileUrls(ctx, task);
      data.task_result =
        op === 'expand'
          ? { images: urls.map((url, index) => ({ index, url })) }
          : { videos: urls.map((url, i) => ({ id: `${id}_${i}`, url, duration: '3' })) };
    }
    sendJson(ex, 200, { code: 0, message: 'SUCCESS', request_id: randomUUID(), data });
  };
}

const escape = (p: string): string => p.replace(/[/.-]/g, (c) => `\\${c}`);

export const vendorRoutes: Route[] = (Object.keys(PATHS) as Operation[]).flatMap(
  (op) =>
    [
      {
        method: 'POST',
        pattern: new RegExp(`^${escape(PATHS[op])}$`),
        family: 'vendor',
        point: 'submit',
        auth: 'bearer',
        handle: submitFor(op),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^${escape(PATHS[op])}/([^/]+)$`),
        family: 'vendor',
        point: 'query',
        auth: 'bearer',
        handle: queryFor(op),
      },
    ] satisfies Route[],
);
