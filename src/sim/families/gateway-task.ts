import type { SimContext } from '../context';
import type { BaseTask } from '../task';
import { familyTasks, fileUrls } from '../task';
import type { GatewayJob } from './gateway-models';

export interface GatewayTask extends BaseTask {
  job: GatewayJob;
  callbackUrl: string | undefined;
  providerTaskId: string;
  requestId: string;
  points: number;
}

/** Tasks live per simulator instance, so parallel simulators in one process stay independent. */
export function gatewayTasks(ctx: SimContext): Map<string, GatewayTask> {
  return familyTasks<GatewayTask>(ctx, 'gateway');
}

/** Array of URLs normally; `{video_url}` for motion control or under the videoUrlObject fault. */
export function gatewayResult(ctx: SimContext, task: GatewayTask): string[] | { video_url: string } {
  const urls = fileUrls(ctx, task);
  const asObject = task.job.media === 'video' && (task.job.objectResult || task.flags.videoUrlObject);
  return asObject ? { video_url: urls[0] ?? '' } : urls;
}
