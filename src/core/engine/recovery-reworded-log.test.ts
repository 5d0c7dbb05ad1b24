/**
 * Issue 27: changing the text of every task log line changes no recovery outcome. Every line is reworded
 * (here and in the cores the crash tests spawn), then the recovery tests run again, unchanged.
 */
import { expect, it } from 'vitest';
import { LOG } from './lifecycle/texts';
import { REWORD_ENV, rewordLog } from '../test-support/reworded-log';

const before = JSON.stringify(Object.values(LOG).map((v) => (typeof v === 'string' ? v : v.toString())));
process.env[REWORD_ENV] = '1';
rewordLog();

it('every log line is reworded', () => {
  expect(LOG.waiting).not.toBe('waiting to send');
  expect(LOG.sending).not.toBe('sending to the gateway');
  expect(LOG.accepted('r-1')).not.toContain('accepted as r-1');
  expect(JSON.stringify(Object.values(LOG).map((v) => (typeof v === 'string' ? v : v.toString())))).not.toBe(
    before,
  );
});

await import('./engine-not-sent.test');
await import('./engine-crash.test');
await import('./engine-inline-crash.test');
await import('../batches/batch-crash.test');
await import('../db/task-store-resume.test');
