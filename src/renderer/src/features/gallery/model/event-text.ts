import type { TFunction } from 'i18next';

/**
 * Core writes a task's event log in English (it has no locale); the viewer shows each known entry in the
 * user's language by its shape. An entry of an unknown shape is shown as core wrote it.
 */
const EVENTS: readonly [RegExp, string, readonly string[]][] = [
  [/^created$/, 'created', []],
  [/^waiting to send$/, 'waiting', []],
  [/^sending to the gateway$/, 'sending', []],
  [/^accepted as (\S+) \(already known/, 'acceptedKnown', ['id']],
  [/^accepted as (\S+)$/, 'accepted', ['id']],
  [/^accepted without a task id$/, 'acceptedNoId', []],
  [/^answered synchronously$/, 'synchronous', []],
  [/^status (.+)$/, 'status', ['status']],
  [/^poll answered (\d+): (.*)$/, 'pollAnswered', ['code', 'note']],
  [/^poll failed: (.*)$/, 'pollFailed', ['detail']],
  [/^rate limited for (\d+)/, 'rateLimited', ['seconds']],
  [/^downloaded$/, 'downloaded', []],
  [/^download failed$/, 'downloadFailed', []],
  [/^stalled$/, 'stalled', []],
  [/^tracking stopped$/, 'trackingStopped', []],
  [/^callback received$/, 'callback', []],
  [/^taskNo (\S+) learned from a callback/, 'taskNoFromCallback', ['id']],
  [/^failed: (.*)$/, 'failed', ['detail']],
  [/^imported from a file$/, 'imported', []],
  [/^not sent \(Atelier stopped first\)$/, 'notSent', []],
  [/^sent by the user after a restart$/, 'sentAfterRestart', []],
];

export function eventText(t: TFunction, message: string): string {
  for (const [pattern, key, names] of EVENTS) {
    const m = pattern.exec(message);
    if (!m) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? '']));
    return t(`gallery.events.${key}`, params);
  }
  return message;
}
