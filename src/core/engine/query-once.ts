import { ADAPTERS } from '../gateway/adapters';
import type { QueryOutcome } from '../gateway/adapter';
import { gatewayRequest, type GatewayTarget } from '../gateway/http';
import type { TaskRecord } from '../tasks/task-record';

/**
 * One status query for `task` under gateway id `remoteId`, outside the poll schedule (fresh result URLs, a
 * taskNo a callback names): the answer and its reading, or null when there is no query path, no answer,
 * not a 200, or a body the adapter cannot read. Never throws.
 */
export async function queryOnce(
  task: TaskRecord,
  remoteId: string | null,
  target: GatewayTarget,
  http: Parameters<typeof gatewayRequest>[2],
  timeoutMs: number,
): Promise<{ body: unknown; outcome: QueryOutcome } | null> {
  const adapter = ADAPTERS[task.family];
  const path = remoteId ? adapter.queryPath({ remoteId, submitPath: task.internal.submitPath }) : null;
  if (!path) return null;
  const res = await gatewayRequest(target, { method: 'GET', path, timeoutMs }, http).catch(() => null);
  if (!res || res.status !== 200) return null;
  try {
    return { body: res.body, outcome: adapter.parseQuery(res.body) };
  } catch {
    return null;
  }
}
