import { randomUUID } from 'node:crypto';
import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { readJsonObject, sendJson, taskNotFound } from '../exchange';
import type { BaseTask } from '../task';
import { attachFiles, createTask, familyTasks, fileUrls, keepTask, randomId, viewTask } from '../task';
import { integer, mediaRef, parseSize, str, stringArray } from '../validate';

interface UnifiedImageTask extends BaseTask {
  requestId: string;
}

const unifiedImageTasks = (ctx: SimContext): Map<string, UnifiedImageTask> =>
  familyTasks<UnifiedImageTask>(ctx, 'unifiedImage');

async function submit(ex: Exchange, ctx: SimContext): Promise<void> {
  const body = await readJsonObject(ex);
  const model = str(body, 'model', true);
  const prompt = str(body, 'prompt', true);
  const dims = parseSize(str(body, 'size') ?? '1024x1024', 'size') ?? { width: 1024, height: 1024 };
  const n = integer(body, 'n', 1, 4) ?? 1;
  // Input images are accepted (image-to-image) but never fetched; the output is generated.
  mediaRef(body, 'image', false);
  stringArray(body, 'images');
  const id = randomId('task_', 16);
  const task: UnifiedImageTask = {
    ...createTask(ctx, 'unifiedImage', 'image', id, model, prompt),
    requestId: randomUUID(),
  };
  const names = Array.from({ length: n }, (_, i) => `image-${i + 1}.png`);
  attachFiles(ctx, task, names, (i) => ({
    kind: 'png',
    width: dims.width,
    height: dims.height,
    prompt,
    label: `ATELIER SIM - ${id.slice(0, 13)} - ${i + 1}/${n}`,
  }));
  keepTask(ctx, task);
  sendJson(ex, 200, { task_id: id, request_id: task.requestId, status: 'SUBMITTED' });
}

const STATUS = { unknown: 'UNKNOWN', queued: 'QUEUED', running: 'IN_PROGRESS', done: 'IN_PROGRESS' } as const;
const KLING_STATUS = { unknown: 'submitted', queued: 'submitted', running: 'processing', done: 'processing' } as const;

/**
 * The klingTaskObject drift: a relay that passes Kling's own task object through (api-notes C): `status`
 * (and `task_status`) "succeed", the URLs only in `task_result.images[].url`, times in ms.
 */
function klingAnswer(ctx: SimContext, task: UnifiedImageTask, view: ReturnType<typeof viewTask>): Record<string, unknown> {
  const status = view.outcome ? (view.outcome.kind === 'success' ? 'succeed' : 'failed') : KLING_STATUS[view.phase];
  const urls = view.outcome?.kind === 'success' ? fileUrls(ctx, task) : [];
  const data: Record<string, unknown> = {
    task_id: task.id,
    status,
    task_status: status,
    task_status_msg: view.outcome && view.outcome.kind !== 'success' ? view.outcome.reason : '',
    created_at: task.timeline.createdAt,
    updated_at: ctx.now(),
    task_result: { images: urls.map((url, index) => ({ index, url: task.flags.resultUrlTwice ? respell(url) : url })) },
  };
  return { code: 0, message: 'SUCCEED', request_id: task.requestId, data };
}

/** The same URL spelled another way: upper-case scheme and an empty fragment (resultUrlTwice drift). */
export const respell = (url: string): string => `${url.replace(/^http/, 'HTTP')}#`;

function query(ex: Exchange, ctx: SimContext): void {
  const id = ex.params[0] ?? '';
  const task = unifiedImageTasks(ctx).get(id);
  if (!task) throw taskNotFound(id);
  const view = viewTask(ctx, task);
  if (task.flags.klingTaskObject) return sendJson(ex, 200, klingAnswer(ctx, task, view));
  const early =
    view.phase === 'queued' &&
    ctx.now() - task.timeline.createdAt - task.timeline.unknownMs < task.timeline.queuedMs / 2;
  const data: Record<string, unknown> = {
    task_id: id,
    request_id: task.requestId,
    status: early ? 'SUBMITTED' : STATUS[view.phase],
    progress: `${view.percent}%`,
    fail_reason: '',
    data: { image_urls: [] as string[] },
  };
  if (view.outcome?.kind === 'success') {
    data.status = 'COMPLETED';
    const urls = fileUrls(ctx, task);
    data.data = { image_urls: urls };
    // resultUrlTwice: a relay that adds `result_url` and passes the upstream task object along as well.
    if (task.flags.resultUrlTwice) {
      data.result_url = urls[0];
      data.data = { image_urls: urls, task_result: { images: urls.map((url, index) => ({ index, url: respell(url) })) } };
    }
  } else if (view.outcome) {
    data.status = 'FAILED';
    data.fail_reason = view.outcome.reason;
  }
  sendJson(ex, 200, { code: 'success', message: '', data });
}

export const unifiedImageRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/tasks\/generations$/,
    family: 'unifiedImage',
    point: 'submit',
    auth: 'bearer',
    handle: submit,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/tasks\/generations\/([^/]+)$/,
    family: 'unifiedImage',
    point: 'query',
    auth: 'bearer',
    handle: query,
  },
];
