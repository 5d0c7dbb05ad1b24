import type { TaskSummary } from '../../../../shared/domain/task';
import { getOperation } from '../../../../shared/operations/catalog';
import type { MediaValue } from '../../../../shared/operations/media';
import { isVisible } from '../../../../shared/operations/form-values';
import { useUiStore } from '../../state/ui-store';
import { draftOf, useDraftStore } from './drafts-store';

/**
 * "Use as input" from the gallery: puts result `index` of `task` into the current form's first visible
 * media field of its kind (an empty single field, or a list with room). Returns the field's name, or null
 * when the current operation has no place for it.
 */
export function putResultIntoForm(task: TaskSummary, index: number): string | null {
  const result = task.results.find((r) => r.index === index);
  const slot = freeSlotFor(task, index);
  if (!result || !slot) return null;
  const opId = useUiStore.getState().operationId;
  const value: MediaValue = { kind: 'result', taskId: task.id, index, remoteUrl: result.remoteUrl, file: result.file, mime: result.mime, remoteId: task.remoteId };
  if (slot.list) useDraftStore.getState().setValue(opId, slot.field, [...slot.list, value]);
  else useDraftStore.getState().setValue(opId, slot.field, value);
  return slot.field;
}

/**
 * Where "Use as input → Current form" would put result `index` of `task` (without putting it there):
 * the current form's first visible media field of its kind that is empty, or list with room; null when
 * there is none, so the menu can say so before the user tries.
 */
export function freeSlotFor(task: TaskSummary, index: number): { field: string; list: MediaValue[] | null } | null {
  const result = task.results.find((r) => r.index === index);
  if (!result || result.kind === 'other') return null;
  const opId = useUiStore.getState().operationId;
  const { values } = draftOf(useDraftStore.getState().drafts, opId);
  for (const f of getOperation(opId).fields) {
    if (!isVisible(f, values)) continue;
    if (f.type === 'media' && f.accept === result.kind && !values[f.name]) return { field: f.name, list: null };
    if (f.type === 'mediaList' && f.accept === result.kind) {
      const list = Array.isArray(values[f.name]) ? (values[f.name] as MediaValue[]) : [];
      if (list.length < f.max) return { field: f.name, list };
    }
  }
  return null;
}
