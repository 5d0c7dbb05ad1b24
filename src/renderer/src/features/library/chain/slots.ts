import type { TaskResult, TaskSummary } from '../../../../../shared/domain/task';
import { getOperation } from '../../../../../shared/operations/catalog';
import type { Values } from '../../../../../shared/operations/fields';
import type { OperationId } from '../../../../../shared/operations/ids';
import type { MediaValue, Subject } from '../../../../../shared/operations/media';
import { draftOf, showSlotFull, useDraftStore } from '../../forms';
import { useUiStore } from '../../../state/ui-store';

/** A slot a result (or a captured frame) can fill: an operation, its field, and what else the draft needs. */
export interface Slot {
  /** Stable id, also the locale key `library.slot.<id>`. */
  id: string;
  operationId: OperationId;
  field: string;
  accept: 'image' | 'video';
  /** `media`: a media value; `subject`: a new subject card; `remoteId`: the source task's gateway id. */
  value: 'media' | 'subject' | 'remoteId';
  /** Other values the slot needs to be visible (the unified form's input kind). */
  patch?: Values;
}

/** Every media slot of every operation, in the order "Use as input" lists them. */
export const SLOTS: readonly Slot[] = [
  {
    id: 'firstFrame',
    operationId: 'unifiedVideo.generate',
    field: 'image',
    accept: 'image',
    value: 'media',
    patch: { inputKind: 'firstFrame' },
  },
  {
    id: 'lastFrame',
    operationId: 'unifiedVideo.generate',
    field: 'image_tail',
    accept: 'image',
    value: 'media',
    patch: { inputKind: 'firstLastFrame' },
  },
  {
    id: 'imageInput',
    operationId: 'unifiedVideo.generate',
    field: 'images',
    accept: 'image',
    value: 'media',
    patch: { inputKind: 'imageInput' },
  },
  {
    id: 'reference',
    operationId: 'unifiedVideo.generate',
    field: 'reference_images',
    accept: 'image',
    value: 'media',
    patch: { inputKind: 'reference' },
  },
  {
    id: 'subjectImage',
    operationId: 'gateway.subjectReference',
    field: 'subjects',
    accept: 'image',
    value: 'subject',
  },
  {
    id: 'motionImage',
    operationId: 'gateway.motionControl',
    field: 'image_url',
    accept: 'image',
    value: 'media',
  },
  {
    id: 'videoReference',
    operationId: 'videos.create',
    field: 'input_reference',
    accept: 'image',
    value: 'media',
  },
  {
    id: 'unifiedImage',
    operationId: 'unifiedImage.generate',
    field: 'images',
    accept: 'image',
    value: 'media',
  },
  { id: 'editImage', operationId: 'imageEdit.edit', field: 'images', accept: 'image', value: 'media' },
  { id: 'expandSource', operationId: 'vendor.expand', field: 'image', accept: 'image', value: 'media' },
  { id: 'avatarPortrait', operationId: 'vendor.avatar', field: 'image', accept: 'image', value: 'media' },
  {
    id: 'subjectVideo',
    operationId: 'gateway.subjectReference',
    field: 'subjects',
    accept: 'video',
    value: 'subject',
  },
  {
    id: 'motionVideo',
    operationId: 'gateway.motionControl',
    field: 'video_url',
    accept: 'video',
    value: 'media',
  },
  {
    id: 'videoEdit',
    operationId: 'unifiedVideo.generate',
    field: 'video',
    accept: 'video',
    value: 'media',
    patch: { inputKind: 'videoEdit' },
  },
  { id: 'extend', operationId: 'vendor.extend', field: 'video_id', accept: 'video', value: 'remoteId' },
];

/** The slots a result of this kind can fill (extension needs the gateway's id of the source task). */
export function slotsFor(kind: TaskResult['kind'], remoteId: string | null): Slot[] {
  return SLOTS.filter((s) => s.accept === kind && (s.value !== 'remoteId' || !!remoteId));
}

export const resultMedia = (task: TaskSummary, index: number): MediaValue | null => {
  const r = task.results.find((x) => x.index === index);
  return r
    ? {
        kind: 'result',
        taskId: task.id,
        index,
        remoteUrl: r.remoteUrl,
        file: r.file,
        mime: r.mime,
        remoteId: task.remoteId,
      }
    : null;
};

/**
 * Fills `slot` of its operation's draft with `value` (appending to lists within their limit, adding a
 * subject card) and opens that form. When a list is full it still opens that form, with the list showing,
 * and the field says how to make room; returns false then.
 */
export function fillSlot(slot: Slot, value: MediaValue | string, extra: Values = {}): boolean {
  const op = getOperation(slot.operationId);
  const store = useDraftStore.getState();
  const { values } = draftOf(store.drafts, slot.operationId);
  const patch: Values = { ...extra };
  // First + last frame keeps its mode when only the first frame is replaced.
  if (slot.patch && !(slot.id === 'firstFrame' && values.inputKind === 'firstLastFrame'))
    Object.assign(patch, slot.patch);
  const field = op.fields.find((f) => f.name === slot.field);
  if (slot.value === 'subject') {
    const list = Array.isArray(values[slot.field]) ? (values[slot.field] as Subject[]) : [];
    const prefix = slot.accept === 'image' ? 'img' : 'vid';
    let n = 1;
    while (list.some((s) => s.id === `${prefix}${n}`)) n++;
    patch[slot.field] = [...list, { kind: slot.accept, id: `${prefix}${n}`, media: value }];
  } else if (field?.type === 'mediaList') {
    const list = Array.isArray(values[slot.field]) ? (values[slot.field] as unknown[]) : [];
    if (list.length >= field.max) {
      if (slot.patch) store.patchValues(slot.operationId, slot.patch);
      useUiStore.getState().selectOperation(slot.operationId);
      showSlotFull(slot.operationId, slot.field);
      return false;
    }
    patch[slot.field] = [...list, value];
  } else patch[slot.field] = value;
  store.patchValues(slot.operationId, patch);
  useUiStore.getState().selectOperation(slot.operationId);
  return true;
}

/** The slot of the current form where a dropped result of `kind` goes: the named field, if it takes that kind. */
export function slotOfField(operationId: OperationId, field: string): Slot | null {
  return SLOTS.find((s) => s.operationId === operationId && s.field === field) ?? null;
}
