/**
 * Operation forms: one form per catalog operation, with drafts that survive navigation and restarts.
 *
 * API for other features
 * - `<OperationForm operationId />`: the form (rendered by app/OperationPanel).
 * - `loadDraftFromTask(detail: TaskDetail): void` — "reuse settings": switches the studio to the task's
 *   operation and replaces that operation's draft with the task's values and extra fields (pretty JSON).
 *   Model ids stored resolved (`vendora_2.6_text2video`) are mapped back to their `{vendor}` preset.
 *   Call it from the gallery with the `getTask` answer.
 * - `putResultIntoForm(task, index)`: "use as input" — puts a gallery result into the current form's first
 *   media field that takes its kind (appending to a list, or filling an empty single field).
 * - `setDraftField(operationId, field, value)`: sets one field of a draft (appends to list fields) and
 *   shows that form; wired to the gallery's `connectForms` in app/OperationPanel.
 * - `showSlotFull(operationId, field)`: after "use as input" found a list full, the field says how to make
 *   room (the caller shows that form).
 * - `useDraftStore`: the zustand store of drafts (`drafts[operationId] = { values, extra }`), persisted to
 *   localStorage under `atelier.forms.drafts`.
 */
export { OperationForm } from './OperationForm';
export {
  loadDraftFromTask,
  loadDraftFromValues,
  setDraftField,
  useDraftStore,
  draftOf,
  type Draft,
} from './drafts-store';
export { freeSlotFor, putResultIntoForm } from './result-as-input';
export { showSlotFull } from './slot-full';
export type { FieldOf, FieldProps } from './field-props';
export { ChipGroup } from './fields/ChipGroup';
export { RatioField } from './fields/RatioField';
export { ratioOf } from './fields/ShapeIcon';
export { useImageSize } from './fields/use-image-size';
export { fieldLabel, optionLabel } from './form-text';
export { refusalText, refusedFileText } from './media/refused-file';
export { mediaKindOf, mediaName, mediaPreviewUrl } from './media/media-info';
