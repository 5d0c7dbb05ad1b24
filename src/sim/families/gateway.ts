import { randomUUID } from 'node:crypto';
import type { Route, SimContext } from '../context';
import type { Exchange } from '../exchange';
import { badRequest, readJsonObject, sendJson, taskNotFound } from '../exchange';
import { attachFiles, createTask, keepTask, randomId, viewTask } from '../task';
import { finishedAt } from '../timeline';
import { sizeForAspect } from '../image/render-image';
import { clipShapeForAspect } from '../media';
import type { GatewayTask } from './gateway-task';
import { gatewayResult, gatewayTasks } from './gateway-task';
import { parseGatewayJob } from './gateway-models';
import { sendCallback } from './gateway-callback';
import { gatewayPoints } from '../pricing';

/** `YYYY-MM-DD HH:MM:SS` without a zone, as the spec shows; the simulator writes UTC. */
function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

async function submit(ex: Exchange, ctx: SimContext): Promise<void> {
  const job = parseGatewayJob(await readJsonObject(ex));
  const taskNo = randomId('AIGW', 10).toUpperCase();
  const base = createTask(ctx, 'gateway', job.media, taskNo, job.model, job.prompt);
  const points = gatewayPoints(job);
  const task: GatewayTask = {
    ...base,
    job,
    callbackUrl: job.callbackUrl,
    providerTaskId: randomUUID(),
    requestId: randomUUID(),
    points,
  };
  if (job.media === 'image') {
    const size = sizeForAspect(job.aspect);
    const names = Array.from({ length: job.n }, (_, i) => `image-${i + 1}.png`);
    attachFiles(ctx, task, names, (i) => ({
      kind: 'png',
      ...size,
      prompt: job.prompt,
      label: `ATELIER SIM - ${taskNo} - ${i + 1}/${job.n}`,
    }));
  } else {
    attachFiles(ctx, task, ['video.mp4'], () => ({
      kind: 'clip',
      shape: clipShapeForAspect(job.aspect),
      seed: job.prompt,
    }));
  }
  keepTask(ctx, task);
  if (task.callbackUrl)
    ctx.schedule(Math.max(0, finishedAt(task.timeline) - ctx.now()), () => sendCallback(ctx, task));
  sendJson(ex, 200, { code: 1000, message: 'success', data: { taskNo }, taskNo });
}

const STATUS = { unknown: 'unknown', queued: 'pending', running: 'processing' } as const;

function query(ex: Exchange, ctx: SimContext): void {
  const taskNo = ex.url.searchParams.get('taskNo');
  if (!taskNo) throw badRequest('taskNo query parameter is required');
  const task = gatewayTasks(ctx).get(taskNo);
  if (!task) throw taskNotFound(taskNo);
  const view = viewTask(ctx, task);
  const data: Record<string, unknown> = {
    taskNo,
    model: task.model,
    createTime: formatTime(task.timeline.createdAt),
  };
  if (!view.outcome) data.status = STATUS[view.phase === 'done' ? 'running' : view.phase];
  else if (view.outcome.kind === 'success') {
    data.status = 'success';
    data.data = { result: gatewayResult(ctx, task) };
    data.usage = { totalPoints: task.points };
  } else {
    data.status = 'failed';
    data.error = view.outcome.reason;
  }
  sendJson(ex, 200, { code: 1000, message: 'success', data });
}

export const gatewayRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/open\/aigw\/gateway\/generations$/,
    family: 'gateway',
    point: 'submit',
    auth: 'gateway',
    handle: submit,
  },
  {
    method: 'GET',
    pattern: /^\/open\/aigw\/gateway\/generationTask$/,
    family: 'gateway',
    point: 'query',
    auth: 'gateway',
    handle: query,
  },
];
