import { createHash } from 'node:crypto';
import type { SimContext } from '../context';
import type { GatewayTask } from './gateway-task';
import { gatewayResult } from './gateway-task';
import { toUnit } from '../timeline';

/**
 * Callbacks go only to loopback URLs. The simulator runs on build machines and as the app's demo
 * gateway: it must never make a request to the outside world on a caller's say-so.
 */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
  } catch {
    return false;
  }
}

export function signCallback(taskNo: string, timestamp: number, apiKey: string): string {
  return createHash('sha256').update(`${taskNo}${timestamp}${apiKey}`).digest('hex');
}

/** Body exactly as the spec's success / failure tables (failure has no data/usage). */
export function callbackBody(ctx: SimContext, task: GatewayTask): Record<string, unknown> {
  const timestamp = toUnit(ctx.now(), task.flags.msTimestamps);
  const sign = signCallback(task.id, timestamp, ctx.apiKey);
  if (task.outcome.kind !== 'success')
    return {
      taskNo: task.id,
      status: 'failed',
      model: task.model,
      timestamp,
      error: task.outcome.reason,
      sign,
    };
  return {
    taskNo: task.id,
    status: 'success',
    model: task.model,
    timestamp,
    data: {
      task_id: task.providerTaskId,
      status: 'SUCCESS',
      request_id: task.requestId,
      result: gatewayResult(ctx, task),
      error_info: '',
      traceback: '',
    },
    usage: { totalPoints: task.points },
    sign,
  };
}

async function post(url: string, body: Record<string, unknown>): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
  } catch {
    // The spec documents no retry; a receiver that is down simply misses the callback.
  }
}

/** Called when the task's timeline ends; applies the callback faults. */
export function sendCallback(ctx: SimContext, task: GatewayTask): void {
  const url = task.callbackUrl;
  if (!url || !isLoopbackUrl(url)) return;
  if (ctx.faults.take('loseCallback', 'callback', 'gateway')) return;
  const delayed = ctx.faults.take('delayCallback', 'callback', 'gateway');
  const duplicate = ctx.faults.take('duplicateCallback', 'callback', 'gateway');
  const fire = (): void => {
    // A duplicate is the very same delivery again (same timestamp and sign), as a retrying sender would do.
    const body = callbackBody(ctx, task);
    void post(url, body);
    if (duplicate) ctx.schedule(50, () => void post(url, body));
  };
  if (delayed) ctx.schedule(delayed.delayMs ?? 2000, fire);
  else fire();
}
