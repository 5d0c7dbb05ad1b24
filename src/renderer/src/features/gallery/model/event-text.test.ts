import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../i18n/resources';
import { eventText } from './event-text';

/** Every event core writes (src/core/engine), as it writes them. */
const CORE_EVENTS = [
  'created',
  'waiting to send',
  'sending to the gateway',
  'accepted as task_8812',
  'accepted as task_8812 (already known from a callback)',
  'accepted without a task id',
  'answered synchronously',
  'status RUNNING',
  'poll answered 502: bad gateway',
  'poll failed: socket hang up',
  'rate limited for 12 s',
  'downloaded',
  'download failed',
  'stalled',
  'tracking stopped',
  'callback received',
  'taskNo T-1 learned from a callback, confirmed by a query',
  'failed: content policy',
  'imported from a file',
  'not sent (Atelier stopped first)',
  'sent by the user after a restart',
];

describe('the task event log in the user’s language', () => {
  it('shows every event core writes in 简体中文, keeping ids and gateway text', async () => {
    const t = (await i18next.createInstance().init({ resources, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } })) as unknown as Parameters<typeof eventText>[0];
    for (const message of CORE_EVENTS) {
      const text = eventText(t, message);
      expect(text, message).not.toBe(message);
      expect(text.replace(/task_8812|T-1|RUNNING|bad gateway|socket hang up|content policy|Atelier|\d+/g, ''), message).not.toMatch(/[A-Za-z]{2,}/);
    }
    expect(eventText(t, 'accepted as task_8812')).toBe('已受理，任务号 task_8812');
  });
  it('keeps an entry of an unknown shape as written', async () => {
    const t = (await i18next.createInstance().init({ resources, lng: 'zh-CN' })) as unknown as Parameters<typeof eventText>[0];
    expect(eventText(t, 'something new')).toBe('something new');
  });
});
