import type { FamilyAdapter } from '../adapter';
import { emptyOutcome } from '../adapter';
import { at, extractResults, firstString, isRecord, parseNumber, parseProgress, pickTaskId } from '../parse';
import { mapRawStatus } from '../status-map';

/** Vendor family (Line-C, Kling-like): `data.task_id`, `data.task_status`, results in `data.task_result`. */
export const vendorAdapter: FamilyAdapter = {
  family: 'vendor',
  parseSubmit: (body) => ({ remoteId: pickTaskId(body), outcome: null }),
  queryPath: (t) => `${t.submitPath}/${encodeURIComponent(t.remoteId)}`,
  parseQuery(body) {
    const data = at(body, 'data');
    if (!isRecord(data)) return emptyOutcome('unknown', null, firstString(body, ['message']));
    const rawStatus = firstString(data, ['task_status', 'status']);
    const status = mapRawStatus(rawStatus);
    return {
      status,
      rawStatus,
      progress: parseProgress(data.progress),
      error: status === 'failed' ? (firstString(data, ['task_status_msg', 'error', 'message']) ?? 'The task failed.') : null,
      points: parseNumber(data.final_unit_deduction),
      results: status === 'succeeded' ? extractResults(data.task_result ?? data) : [],
    };
  },
};
