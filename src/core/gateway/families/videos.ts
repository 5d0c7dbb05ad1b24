import type { FamilyAdapter } from '../adapter';
import { extractResults, firstString, isRecord, parseProgress, pickTaskId } from '../parse';
import { mapRawStatus } from '../status-map';

/** Video create: OpenAI video objects; the file is fetched through the gateway's content endpoint with auth. */
export const videosAdapter: FamilyAdapter = {
  family: 'videos',
  parseSubmit: (body) => ({ remoteId: firstString(body, ['id', 'task_id']) ?? pickTaskId(body), outcome: null }),
  queryPath: (t) => `/v1/videos/${encodeURIComponent(t.remoteId)}`,
  parseQuery(body) {
    const rawStatus = firstString(body, ['status', 'data.status']);
    const status = mapRawStatus(rawStatus);
    return {
      status,
      rawStatus,
      progress: parseProgress(isRecord(body) ? body.progress : null),
      error: status === 'failed' ? (firstString(body, ['error.message', 'error', 'message']) ?? 'The video task failed.') : null,
      points: null,
      // The content endpoint is the documented source; a `metadata.url` (new-api, non-Sora) is kept as the remote URL.
      results: status === 'succeeded' ? [extractResults(isRecord(body) ? body.metadata : null)[0] ?? { kind: 'url', url: '' }] : [],
    };
  },
  resultSource: (t) => ({ url: `/v1/videos/${encodeURIComponent(t.remoteId)}/content`, withAuth: true }),
};
