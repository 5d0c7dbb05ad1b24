import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TaskDetail } from '../../../../shared/domain/task';
import { getOperation } from '../../../../shared/operations/catalog';
import type { Values } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { defaultValues } from '../../../../shared/operations/form-values';
import { useUiStore } from '../../state/ui-store';

/** What one operation's form holds: its raw values and the extra-fields JSON text, exactly as typed. */
export interface Draft {
  values: Values;
  extra: string;
}

interface DraftState {
  drafts: Partial<Record<OperationId, Draft>>;
  setValue(op: OperationId, name: string, value: unknown): void;
  patchValues(op: OperationId, patch: Values): void;
  setExtra(op: OperationId, text: string): void;
  reset(op: OperationId): void;
  replace(op: OperationId, draft: Draft): void;
}

const fresh = (op: OperationId): Draft => ({ values: defaultValues(getOperation(op)), extra: '' });

/** The draft of an operation with the catalog's defaults under it (fields added later get their default). */
export function draftOf(drafts: DraftState['drafts'], op: OperationId): Draft {
  const d = drafts[op];
  if (!d) return fresh(op);
  return { values: { ...defaultValues(getOperation(op)), ...d.values }, extra: d.extra };
}

/**
 * Drafts per operation, persisted to localStorage so nothing typed is lost across navigation and restarts.
 * Media values persist as they are: staged inputs are ids of files in the app's folder, results are ids too.
 */
export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      drafts: {},
      setValue: (op, name, value) =>
        set((s) => {
          const d = draftOf(s.drafts, op);
          return { drafts: { ...s.drafts, [op]: { ...d, values: { ...d.values, [name]: value } } } };
        }),
      patchValues: (op, patch) =>
        set((s) => {
          const d = draftOf(s.drafts, op);
          return { drafts: { ...s.drafts, [op]: { ...d, values: { ...d.values, ...patch } } } };
        }),
      setExtra: (op, extra) =>
        set((s) => ({ drafts: { ...s.drafts, [op]: { ...draftOf(s.drafts, op), extra } } })),
      reset: (op) => set((s) => ({ drafts: { ...s.drafts, [op]: fresh(op) } })),
      replace: (op, draft) => set((s) => ({ drafts: { ...s.drafts, [op]: draft } })),
    }),
    { name: 'atelier.forms.drafts', version: 1 },
  ),
);

/** A model id as core stored it (`vendora_2.6_text2video`) back to the catalog preset (`{vendor}_2.6_text2video`). */
export function presetForModel(op: OperationId, model: unknown): unknown {
  if (typeof model !== 'string') return model;
  for (const field of getOperation(op).fields) {
    if (field.type !== 'model') continue;
    for (const p of field.presets) {
      if (p.id === model) return model;
      const [before = '', after = ''] = p.id.split('{vendor}');
      if (p.id.includes('{vendor}') && model.startsWith(before) && model.endsWith(after)) {
        const vendor = model.slice(before.length, model.length - after.length);
        if (/^[a-z0-9][a-z0-9-]*$/i.test(vendor)) return p.id;
      }
    }
  }
  return model;
}

/**
 * "Reuse settings": switches to the task's operation and fills its form with the task's values and extra
 * fields (replacing the current draft of that operation). Called by the gallery.
 */
export function loadDraftFromTask(detail: TaskDetail): void {
  loadDraftFromValues(detail.operationId, detail.values, detail.extra);
}

/** The same from bare settings (a dropped file's embedded provenance). */
export function loadDraftFromValues(
  op: OperationId,
  stored: Values,
  storedExtra: Record<string, unknown>,
): void {
  const values: Values = { ...defaultValues(getOperation(op)), ...stored };
  if ('model' in values) values.model = presetForModel(op, values.model);
  const extra = Object.keys(storedExtra).length ? JSON.stringify(storedExtra, null, 2) : '';
  useDraftStore.getState().replace(op, { values, extra });
  useUiStore.getState().selectOperation(op);
}

/**
 * "Use as input" from the gallery: sets one field of an operation's draft (appending to a list field,
 * within its limit) and shows that form.
 */
export function setDraftField(op: OperationId, name: string, value: unknown): void {
  const field = getOperation(op).fields.find((f) => f.name === name);
  const { values } = draftOf(useDraftStore.getState().drafts, op);
  if (field?.type === 'mediaList') {
    const list = Array.isArray(values[name]) ? (values[name] as unknown[]) : [];
    if (list.length < field.max) useDraftStore.getState().setValue(op, name, [...list, value]);
  } else useDraftStore.getState().setValue(op, name, value);
  useUiStore.getState().selectOperation(op);
}
