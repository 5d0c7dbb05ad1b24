import type { TaskSummary } from '../shared/domain/task';
import { mainStrings, type Language } from './main-strings';

/** A notification to show, already in the user's language. */
export interface TaskNotice {
  taskId: string;
  title: string;
  body: string;
}

/** Where a task stands for notification purposes: finished with its files, failed, or anything else. */
export type TaskPhase = 'done' | 'failed' | 'other';

export function phaseOf(task: TaskSummary): TaskPhase {
  if (task.status === 'failed') return 'failed';
  // "Succeeded" is only worth telling once the files are on disk (or definitely not coming).
  if (task.status === 'succeeded' && task.results.every((r) => r.state === 'done' || r.state === 'failed'))
    return 'done';
  return 'other';
}

/**
 * Decides whether a task change deserves an OS notification: the preference is on, the window is not
 * focused, and the task just moved into `done` or `failed`. `previous` is the phase main last saw for this
 * task, null when it is new to this process: a task already finished at startup must not notify again,
 * but one submitted now is first seen as `other`.
 */
export function noticeFor(
  task: TaskSummary,
  previous: TaskPhase | null,
  ctx: { enabled: boolean; windowFocused: boolean; language: Language },
): TaskNotice | null {
  const phase = phaseOf(task);
  if (!ctx.enabled || ctx.windowFocused || previous !== 'other' || phase === 'other') return null;
  const s = mainStrings(ctx.language);
  const snippet = task.prompt.trim().slice(0, 120);
  if (phase === 'done') return { taskId: task.id, title: s.taskDone, body: snippet || task.model };
  return { taskId: task.id, title: s.taskFailed, body: (task.error ?? snippet).slice(0, 160) };
}
