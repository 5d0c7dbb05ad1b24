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

function query(ex: Exchange, ctx: SimContext): void {
  const id = ex.params[0] ?? '';
  const task = unifiedImageTasks(ctx).get(id);
  if (!task) throw taskNotFound(id);
  const view = viewTask(ctx, task);
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
    data.data = { image_urls: fileUrls(ctx, task) };
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
