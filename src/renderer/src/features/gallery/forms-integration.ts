import type { TaskDetail } from '../../../../shared/domain/task';
import type { MediaValue } from '../../../../shared/operations/media';
import type { OperationId } from '../../../../shared/operations/ids';
import { useUiStore } from '../../state/ui-store';

/**
 * INTEGRATION POINT with the forms feature (features/forms/index.ts, being written concurrently).
 *
 * The gallery needs two things from it: `loadDraftFromTask(detail)` (reuse settings) and a way to put a
 * value into one field of an operation's draft (use as input). Until forms exports them, the forms feature
 * (or the shell) calls {@link connectForms} once; without it the gallery only switches the operation and
 * says that the draft could not be filled. When forms lands, replace this file's slot by direct imports.
 */
export interface FormsApi {
  loadDraftFromTask(detail: TaskDetail): void;
  /** Sets (or, for list fields, appends to) one field of the operation's draft and shows that form. */
  setDraftField(operationId: OperationId, field: string, value: MediaValue | string): void;
}

let forms: FormsApi | null = null;

export function connectForms(api: FormsApi): void {
  forms = api;
}

/** Returns false when the forms feature is not connected yet (the caller tells the user). */
export function reuseSettings(detail: TaskDetail): boolean {
  useUiStore.getState().selectOperation(detail.operationId);
  if (!forms) return false;
  forms.loadDraftFromTask(detail);
  return true;
}

export function putResultIntoDraft(operationId: OperationId, field: string, value: MediaValue | string): boolean {
  useUiStore.getState().selectOperation(operationId);
  if (!forms) return false;
  forms.setDraftField(operationId, field, value);
  return true;
}
