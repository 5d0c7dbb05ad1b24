import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../shared/domain/task';
import { noticeFor, phaseOf } from './notification-policy';
import { runningCount, windowTitle } from './task-indicators';

const task = (patch: Partial<TaskSummary>): TaskSummary =>
  ({
    id: 't1',
    prompt: 'a fox in the snow',
    model: 'm',
    status: 'running',
    error: null,
    results: [],
    ...patch,
  }) as TaskSummary;
const done = task({ status: 'succeeded', results: [{ state: 'done' } as TaskSummary['results'][number]] });
const ctx = { enabled: true, windowFocused: false, language: 'en' as const };

describe('OS notifications', () => {
  it('tells when a task finishes with its files or fails, in the chosen language', () => {
    expect(noticeFor(done, 'other', ctx)).toEqual({
      taskId: 't1',
      title: 'Generation finished',
      body: 'a fox in the snow',
    });
    expect(
      noticeFor(task({ status: 'failed', error: 'boom' }), 'other', { ...ctx, language: 'zh-CN' }),
    ).toEqual({ taskId: 't1', title: '生成失败', body: 'boom' });
  });
  it('stays quiet when off, when focused, while downloading, and for tasks already final before', () => {
    expect(noticeFor(done, 'other', { ...ctx, enabled: false })).toBeNull();
    expect(noticeFor(done, 'other', { ...ctx, windowFocused: true })).toBeNull();
    expect(
      noticeFor(
        task({ status: 'succeeded', results: [{ state: 'downloading' } as TaskSummary['results'][number]] }),
        'other',
        ctx,
      ),
    ).toBeNull();
    expect(noticeFor(done, null, ctx)).toBeNull();
    expect(noticeFor(done, 'done', ctx)).toBeNull();
  });
  it('phases', () => {
    expect(phaseOf(done)).toBe('done');
    expect(phaseOf(task({ status: 'queued' }))).toBe('other');
  });
});

describe('badge and title', () => {
  it('counts in-flight statuses only', () => {
    expect(
      runningCount({
        submitting: 1,
        queued: 2,
        running: 3,
        downloading: 1,
        succeeded: 9,
        failed: 4,
        stalled: 1,
      }),
    ).toBe(7);
    expect(windowTitle(0)).toBe('Atelier');
    expect(windowTitle(3)).toBe('(3) Atelier');
  });
});
