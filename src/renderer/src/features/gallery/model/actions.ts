import type { TaskResult, TaskSummary } from '../../../../../shared/domain/task';
import { isTerminal } from '../../../../../shared/domain/terminal';
import { slotsFor, type Slot } from '../../library';

/** Every action the gallery offers on a task (anchors §0.8: ComfyUI's job menu, per state). */
export type ActionId =
  | 'open'
  | 'saveAs'
  | 'reveal'
  | 'useAsInput'
  | 'reuse'
  | 'rerun'
  | 'copyPrompt'
  | 'copyId'
  | 'copyError'
  | 'retryDownload'
  | 'checkAgain'
  | 'stopTracking'
  | 'delete';

export const hasFile = (r: TaskResult | undefined): r is TaskResult & { file: string } =>
  !!r && r.state === 'done' && r.file !== null;

/**
 * The actions of the menu for one task and one of its results, grouped (a separator between groups).
 * Completed → open / save / reveal / use as input / reuse / copy; failed → reuse / copy error / copy id;
 * in flight → check / stop tracking; unknown or stalled → check again first. Delete always comes last.
 */
export function actionsFor(task: TaskSummary, index: number, transport: 'electron' | 'web'): ActionId[][] {
  const result = task.results[index] ?? task.results[0];
  const groups: ActionId[][] = [];
  const primary: ActionId[] = [];
  if (task.status === 'unknown' || task.status === 'stalled') primary.push('checkAgain');
  if (hasFile(result)) {
    primary.push('saveAs');
    if (transport === 'electron') primary.push('reveal');
  }
  if (
    task.results.some((r) => r.state === 'failed') ||
    (task.status === 'succeeded' && task.results.some((r) => r.state === 'pending'))
  ) {
    primary.push('retryDownload');
  }
  if (primary.length) groups.push(primary);
  const reuse: ActionId[] = [];
  if (hasFile(result) && inputTargetsFor(result.kind, task.remoteId).length > 0) reuse.push('useAsInput');
  reuse.push('reuse');
  // Rerun: one click, same inputs, a new task (the old one is kept); for finished and failed tasks.
  if (isTerminal(task.status) || task.status === 'unknown') reuse.push('rerun');
  groups.push(reuse);
  const copy: ActionId[] = ['copyPrompt', 'copyId'];
  if (task.error) copy.push('copyError');
  groups.push(copy);
  const end: ActionId[] = [];
  if (!isTerminal(task.status)) end.push('stopTracking');
  end.push('delete');
  groups.push(end);
  return groups;
}

/** Where a result can go as an input: every compatible slot of every operation (features/library/chain). */
export type InputTarget = Slot;
export const inputTargetsFor = slotsFor;
