import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { batchProgress } from './batch-progress';

const m = (status: TaskSummary['status'], files: 'done' | 'pending' = 'done'): TaskSummary =>
  ({ status, results: status === 'succeeded' ? [{ state: files }] : [] }) as unknown as TaskSummary;

describe('batchProgress', () => {
  it('counts done (files on disk), failed and running members against the batch size', () => {
    expect(batchProgress([m('succeeded'), m('succeeded'), m('succeeded'), m('failed')], 4)).toMatchObject({ done: 3, failed: 1, running: 0, total: 4, fraction: 1 });
    expect(batchProgress([m('succeeded', 'pending'), m('running')], 4)).toMatchObject({ done: 0, failed: 0, running: 2, total: 4, fraction: 0 });
  });
});
