import { scrubDeep, scrubText } from '../logging/redact';
import type { TaskRecord } from '../tasks/task-record';

/**
 * The one scrub for what a gateway or the network said before it reaches the task store and the bridge:
 * error, failure reasons, the raw answer, the event log and per-file errors. Every key core knows is
 * removed (as typed, URL-encoded, base64), and so is any `Bearer …` fragment. The engine's only write path
 * (`TaskEngine.update`) runs every patch through this, so no caller can forget it.
 */
export function scrubPatch(patch: Partial<TaskRecord>, secrets: readonly string[]): Partial<TaskRecord> {
  const out: Partial<TaskRecord> = { ...patch };
  if (typeof patch.error === 'string') out.error = scrubText(patch.error, secrets);
  if (patch.rawStatus) out.rawStatus = scrubText(patch.rawStatus, secrets);
  if ('lastRawResponse' in patch) out.lastRawResponse = scrubDeep(patch.lastRawResponse, secrets);
  if (patch.events) out.events = patch.events.map((e) => ({ ...e, message: scrubText(e.message, secrets) }));
  if (patch.results)
    out.results = patch.results.map((r) => ({
      ...r,
      ...(r.error ? { error: scrubText(r.error, secrets) } : {}),
      ...(r.remoteUrl ? { remoteUrl: scrubText(r.remoteUrl, secrets) } : {}),
    }));
  return out;
}
