import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { badRequest, readJsonObject, sendJson, taskNotFound } from '../exchange';
import type { StoredFile } from '../file-store';
import type { BaseTask } from '../task';
import { attachFiles, createTask, familyTasks, keepTask, randomId, viewTask } from '../task';
import { finishedAt, toUnit } from '../timeline';
import { clipShapeFor } from '../media';
import { mediaRef, parseSize, str } from '../validate';
import { serveFile } from '../files-route';

interface VideoTask extends BaseTask {
  seconds: string;
  size: string;
}

const videoTasks = (ctx: SimContext): Map<string, VideoTask> => familyTasks<VideoTask>(ctx, 'videos');

function findTask(ex: Exchange, ctx: SimContext): VideoTask {
  const id = ex.params[0] ?? '';
  const task = videoTasks(ctx).get(id);
  if (!task) throw taskNotFound(id);
  return task;
}

async function create(ex: Exchange, ctx: SimContext): Promise<void> {
  const body = await readJsonObject(ex);
  const model = str(body, 'model', true);
  const prompt = str(body, 'prompt', true);
  const rawSeconds = body.seconds;
  if (
    rawSeconds !== undefined &&
    !(typeof rawSeconds === 'string'
      ? /^\d+$/.test(rawSeconds)
      : typeof rawSeconds === 'number' && rawSeconds > 0)
  )
    throw badRequest('seconds must be a positive whole number of seconds, e.g. "4"');
  const size = str(body, 'size') ?? '720x1280';
  const dims = parseSize(size, 'size');
  mediaRef(body, 'input_reference', false);
  const id = randomId('video_');
  const task: VideoTask = {
    ...createTask(ctx, 'videos', 'video', id, model, prompt),
    seconds: String(rawSeconds ?? '4'),
    size,
  };
  attachFiles(ctx, task, ['video.mp4'], () => ({
    kind: 'clip',
    shape: clipShapeFor(dims?.width ?? 0, dims?.height ?? 0),
    seed: prompt,
  }));
  keepTask(ctx, task);
  const created_at = toUnit(task.timeline.createdAt, task.flags.msTimestamps);
  sendJson(ex, 200, { id, task_id: id, object: 'video', model, status: 'queued', progress: 0, created_at });
}

const STATUS = { unknown: 'unknown', queued: 'queued', running: 'in_progress', done: 'in_progress' } as const;

/** The status a view of the task shows: one view per answer, so status and progress tell the same instant. */
function statusOf(view: ReturnType<typeof viewTask>): string {
  if (!view.outcome) return STATUS[view.phase];
  return view.outcome.kind === 'success' ? 'completed' : view.outcome.kind;
}

function retrieve(ex: Exchange, ctx: SimContext): void {
  const task = findTask(ex, ctx);
  const view = viewTask(ctx, task);
  const ms = task.flags.msTimestamps;
  const body: Record<string, unknown> = {
    id: task.id,
    object: 'video',
    model: task.model,
    status: statusOf(view),
    progress: view.percent,
    created_at: toUnit(task.timeline.createdAt, ms),
    seconds: task.seconds,
    size: task.size,
    prompt: task.prompt,
  };
  if (view.outcome) body.completed_at = toUnit(finishedAt(task.timeline), ms);
  if (view.outcome?.kind === 'success') body.expires_at = toUnit(finishedAt(task.timeline) + 3_600_000, ms);
  if (view.outcome && view.outcome.kind !== 'success')
    body.error = {
      code: view.outcome.kind === 'failed' ? 'content_policy_violation' : 'cancelled',
      message: view.outcome.reason,
    };
  const pollAfter = ctx.speed === 'instant' ? 25 : ctx.speed === 'fast' ? 100 : 1000;
  sendJson(ex, 200, body, { 'openai-poll-after-ms': String(pollAfter) });
}

async function content(ex: Exchange, ctx: SimContext): Promise<void> {
  const task = findTask(ex, ctx);
  const status = statusOf(viewTask(ctx, task));
  const file = task.files[0];
  if (status !== 'completed' || !file)
    throw badRequest(`Task is not completed yet, current status: ${status}`);
  await serveFile(ex, ctx, file);
}

/** Lets describeResult() understand `/v1/videos/{id}/content` URLs. */
export function videoContentResolver(ctx: SimContext): (path: string) => StoredFile | undefined {
  return (path) => {
    const id = /^\/v1\/videos\/([^/]+)\/content$/.exec(path)?.[1];
    return id ? videoTasks(ctx).get(id)?.files[0] : undefined;
  };
}

export const videoRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/videos$/,
    family: 'videos',
    point: 'submit',
    auth: 'bearer',
    handle: create,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/videos\/([^/]+)$/,
    family: 'videos',
    point: 'query',
    auth: 'bearer',
    handle: retrieve,
  },
  {
    method: 'GET_HEAD',
    pattern: /^\/v1\/videos\/([^/]+)\/content$/,
    family: 'videos',
    point: 'download',
    auth: 'bearer',
    handle: content,
  },
];
