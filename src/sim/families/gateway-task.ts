import type { SimContext } from '../context';
import type { BaseTask } from '../task';
import { fileUrls } from '../task';
import type { GatewayJob } from './gateway-models';

export interface GatewayTask extends BaseTask {
  job: GatewayJob;
  callbackUrl: string | undefined;
  providerTaskId: string;
  requestId: string;
  points: number;
}

const stores = new WeakMap<SimContext, Map<string, GatewayTask>>();

/** Tasks live per simulator instance, so parallel simulators in one process stay independent. */
export function gatewayTasks(ctx: SimContext): Map<string, GatewayTask> {
  let map = stores.get(ctx);
  if (!map) stores.set(ctx, (map = new Map()));
  return map;
}

/** Array of URLs normally; `{video_url}` for motion control or under the videoUrlObject fault. */
export function gatewayResult(ctx: SimContext, task: GatewayTask): string[] | { video_url: string } {
  const urls = fileUrls(ctx, task);
  const asObject = task.job.media === 'video' && (task.job.objectResult || task.flags.videoUrlObject);
  return asObject ? { video_url: urls[0] ?? '' } : urls;
}
