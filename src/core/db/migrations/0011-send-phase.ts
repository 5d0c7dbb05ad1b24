/**
 * Migration 0011: how far each task's submission got (`internal.sendPhase`: local | wire | answered), so
 * crash recovery reads state instead of the event log's text. Derived once, here, from what earlier builds
 * left: a gateway id or a stored answer means `answered`; otherwise the last log lines those builds wrote
 * before and at sending ("waiting to send", "sending to the gateway") tell `local` from `wire`. A row with
 * neither is `wire`: it may have been sent, so it is never sent again unasked.
 */
const events = "CASE WHEN json_valid(events_json) AND json_type(events_json) = 'array' THEN events_json ELSE '[]' END";
const logged = (message: string) =>
  `EXISTS (SELECT 1 FROM json_each(${events}) WHERE json_extract(value, '$.message') = '${message}')`;

export const MIGRATION_0011_SEND_PHASE = /* sql */ `
UPDATE tasks SET internal_json = json_set(
  CASE WHEN json_valid(internal_json) AND json_type(internal_json) = 'object' THEN internal_json ELSE '{}' END,
  '$.sendPhase',
  CASE
    WHEN remote_id IS NOT NULL OR last_raw_response_json IS NOT NULL THEN 'answered'
    WHEN ${logged('sending to the gateway')} THEN 'wire'
    WHEN ${logged('waiting to send')} THEN 'local'
    ELSE 'wire'
  END
);
`;
