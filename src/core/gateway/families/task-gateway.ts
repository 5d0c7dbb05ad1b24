import type { FamilyAdapter } from '../adapter';
import { emptyOutcome } from '../adapter';
import { at, extractResults, firstString, isRecord, parseNumber, parseProgress, pickTaskId } from '../parse';
import { mapRawStatus } from '../status-map';

/** Task gateway: envelope `{code: 1000, message: "success", data: {...}}` even for a failed task (spec). */
export const taskGatewayAdapter: FamilyAdapter = {
  family: 'gateway',
  parseSubmit: (body) => ({ remoteId: pickTaskId(body), outcome: null }),
  queryPath: (t) => `/open/aigw/gateway/generationTask?taskNo=${encodeURIComponent(t.remoteId)}`,
  parseQuery(body) {
    const data = at(body, 'data');
    if (!isRecord(data)) return emptyOutcome('unknown', null, firstString(body, ['message', 'msg']));
    const rawStatus = firstString(data, ['status']);
    const status = mapRawStatus(rawStatus);
    return {
      status,
      rawStatus,
      progress: parseProgress(data.progress),
      error: status === 'failed' ? (firstString(data, ['error', 'error_info', 'message']) ?? 'The gateway reported a failure without a reason.') : null,
      points: parseNumber(at(data, 'usage.totalPoints')),
      results: status === 'succeeded' ? extractResults(at(data, 'data.result') ?? data.result ?? data.data) : [],
    };
  },
};
