import type { FamilyAdapter, QueryOutcome } from '../adapter';
import { at, extractResults, firstString, isHttpUrl, isRecord, parseProgress, pickTaskId } from '../parse';
import { mapRawStatus } from '../status-map';

/**
 * new-api style task envelope `{code:"success", data:{task_id, status, progress:"30%", fail_reason,
 * result_url, data}}`, tolerant of the variants in api-notes B (flat objects, `url`, legacy builds that put
 * the success URL in `fail_reason`), and of Kling's own task object passed through by a relay (api-notes C:
 * `data.status`/`data.task_status` "succeed", URLs only in `data.task_result.images[].url` or `.videos[]`).
 */
function parseTaskEnvelope(body: unknown): QueryOutcome {
  const inner = at(body, 'data');
  const data = isRecord(inner) && (inner.status !== undefined || inner.task_status !== undefined) ? inner : body;
  const rawStatus = firstString(data, ['status', 'task_status']);
  const status = mapRawStatus(rawStatus);
  const failReason = firstString(data, ['fail_reason', 'error.message', 'error', 'task_status_msg']);
  let results =
    status === 'succeeded'
      ? extractResults([
          at(data, 'result_url'),
          at(data, 'url'),
          at(data, 'video_url'),
          at(data, 'result_urls'),
          at(data, 'task_result'),
          at(data, 'data'),
        ])
      : [];
  if (status === 'succeeded' && results.length === 0 && failReason && isHttpUrl(failReason))
    results = [{ kind: 'url', url: failReason }];
  return {
    status,
    rawStatus,
    progress: parseProgress(at(data, 'progress')),
    error: status === 'failed' ? (failReason ?? 'The task failed.') : null,
    points: null,
    results,
  };
}

export const unifiedVideoAdapter: FamilyAdapter = {
  family: 'unifiedVideo',
  parseSubmit: (body) => ({ remoteId: pickTaskId(body), outcome: null }),
  queryPath: (t) => `/v1/video/generations/${encodeURIComponent(t.remoteId)}`,
  parseQuery: parseTaskEnvelope,
};

export const unifiedImageAdapter: FamilyAdapter = {
  family: 'unifiedImage',
  // `/v1/tasks/generations` routers answer `data:{request_id, status}` and are queried by that id (api-notes B,
  // Shengsuanyun): only there, and only inside `data`, is a request id a task's handle.
  parseSubmit: (body) => ({
    remoteId: pickTaskId(body) ?? firstString(body, ['data.request_id']),
    outcome: null,
  }),
  queryPath: (t) => `/v1/tasks/generations/${encodeURIComponent(t.remoteId)}`,
  parseQuery: parseTaskEnvelope,
};
