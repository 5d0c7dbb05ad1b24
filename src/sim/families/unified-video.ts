import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { badRequest, readJsonObject, sendJson, taskNotFound } from '../exchange';
import type { BaseTask } from '../task';
import { attachFiles, createTask, familyTasks, fileUrls, keepTask, randomId, viewTask } from '../task';
import { finishedAt, startedAt, toUnit } from '../timeline';
import { clipShapeFor } from '../media';
import { mediaRef, parseSize, str, stringArray } from '../validate';
import { respell } from './unified-image';

export type VideoKind =
  'text' | 'first_frame' | 'first_last_frame' | 'image_input' | 'reference' | 'video_edit';

interface UnifiedVideoTask extends BaseTask {
  kind: VideoKind;
}

const unifiedVideoTasks = (ctx: SimContext): Map<string, UnifiedVideoTask> =>
  familyTasks<UnifiedVideoTask>(ctx, 'unifiedVideo');

/** "Line-B" behaviour: the fields present choose the kind, most specific first. */
export function chooseKind(body: Record<string, unknown>): VideoKind {
  const video = mediaRef(body, 'video', false);
  const image = mediaRef(body, 'image', false);
  const tail = mediaRef(body, 'image_tail', false);
  const images = stringArray(body, 'images');
  const refs = stringArray(body, 'reference_images');
  if (tail !== undefined && image === undefined)
    throw badRequest('image_tail (last frame) requires image (first frame)');
  if (video !== undefined) return 'video_edit';
  if (image !== undefined && tail !== undefined) return 'first_last_frame';
  if (image !== undefined) return 'first_frame';
  if (images?.length) return 'image_input';
  if (refs?.length) return 'reference';
  return 'text';
}

async function submit(ex: Exchange, ctx: SimContext): Promise<void> {
  const body = await readJsonObject(ex);
  const model = str(body, 'model', true);
  const prompt = str(body, 'prompt', true);
  const kind = chooseKind(body);
  const size = str(body, 'size');
  const dims = size === undefined ? undefined : parseSize(size, 'size');
  const id = randomId('task_', 16);
  const task: UnifiedVideoTask = { ...createTask(ctx, 'unifiedVideo', 'video', id, model, prompt), kind };
  attachFiles(ctx, task, ['video.mp4'], () => ({
    kind: 'clip',
    shape: clipShapeFor(dims?.width ?? 16, dims?.height ?? 9),
    seed: prompt,
  }));
  keepTask(ctx, task);
  const created_at = toUnit(task.timeline.createdAt, task.flags.msTimestamps);
  sendJson(ex, 200, { id, task_id: id, object: 'video', model, status: 'queued', progress: 0, created_at });
}

/** new-api task statuses; the queued phase shows SUBMITTED then QUEUED. */
function statusOf(phase: string, fraction: number): { status: string; progress: string } {
  if (phase === 'unknown') return { status: 'NOT_START', progress: '0%' };
  if (phase === 'queued')
    return fraction < 0.5 ? { status: 'SUBMITTED', progress: '10%' } : { status: 'QUEUED', progress: '20%' };
  return { status: 'IN_PROGRESS', progress: '30%' };
}

function query(ex: Exchange, ctx: SimContext): void {
  const id = ex.params[0] ?? '';
  const task = unifiedVideoTasks(ctx).get(id);
  if (!task) throw taskNotFound(id);
  const view = viewTask(ctx, task);
  const ms = task.flags.msTimestamps;
  const fraction =
    (ctx.now() - task.timeline.createdAt - task.timeline.unknownMs) / Math.max(1, task.timeline.queuedMs);
  const early = statusOf(view.phase, fraction);
  const status = early.status;
  const progress = view.phase === 'running' ? `${Math.max(30, view.percent)}%` : early.progress;
  const inner: Record<string, unknown> = { kind: task.kind, model: task.model, prompt: task.prompt };
  const data: Record<string, unknown> = {
    task_id: id,
    action: task.kind,
    status,
    fail_reason: '',
    submit_time: toUnit(task.timeline.createdAt, ms),
    start_time: view.phase === 'running' || view.outcome ? toUnit(startedAt(task.timeline), ms) : 0,
    finish_time: view.outcome ? toUnit(finishedAt(task.timeline), ms) : 0,
    progress,
    data: inner,
  };
  if (view.outcome) {
    data.progress = '100%';
    if (view.outcome.kind === 'success') {
      const url = fileUrls(ctx, task)[0] ?? '';
      data.status = 'SUCCESS';
      data.result_url = url;
      // new-api passes the upstream task object along: the same URL once more (resultUrlTwice: spelled otherwise).
      inner.task_result = { videos: [{ id: `${id}_0`, url: task.flags.resultUrlTwice ? respell(url) : url, duration: '3' }] };
    } else {
      data.status = 'FAILURE';
      data.fail_reason = view.outcome.reason;
    }
  }
  sendJson(ex, 200, { code: 'success', message: '', data });
}

export const unifiedVideoRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/video\/generations$/,
    family: 'unifiedVideo',
    point: 'submit',
    auth: 'bearer',
    handle: submit,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/video\/generations\/([^/]+)$/,
    family: 'unifiedVideo',
    point: 'query',
    auth: 'bearer',
    handle: query,
  },
];
