import type { TaskSummary } from '../../../../shared/domain/task';
import { getOperation } from '../../../../shared/operations/catalog';
import type { MediaValue } from '../../../../shared/operations/media';
import { isVisible } from '../../../../shared/operations/validate';
import { useUiStore } from '../../state/ui-store';
import { draftOf, useDraftStore } from './drafts-store';

/**
 * "Use as input" from the gallery: puts result `index` of `task` into the current form's first visible
 * media field of its kind (an empty single field, or a list with room). Returns the field's name, or null
 * when the current operation has no place for it.
 */
export function putResultIntoForm(task: TaskSummary, index: number): string | null {
  const result = task.results.find((r) => r.index === index);
  if (!result || result.kind === 'other') return null;
  const opId = useUiStore.getState().operationId;
  const op = getOperation(opId);
  const { values } = draftOf(useDraftStore.getState().drafts, opId);
  const value: MediaValue = { kind: 'result', taskId: task.id, index, remoteUrl: result.remoteUrl, file: result.file, mime: result.mime, remoteId: task.remoteId };
  for (const f of op.fields) {
    if (!isVisible(f, values)) continue;
    if (f.type === 'media' && f.accept === result.kind && !values[f.name]) {
      useDraftStore.getState().setValue(opId, f.name, value);
      return f.name;
    }
    if (f.type === 'mediaList' && f.accept === result.kind) {
      const list = Array.isArray(values[f.name]) ? (values[f.name] as MediaValue[]) : [];
      if (list.length < f.max) {
        useDraftStore.getState().setValue(opId, f.name, [...list, value]);
        return f.name;
      }
    }
  }
  return null;
}
