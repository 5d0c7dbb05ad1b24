import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { useUiStore } from '../../state/ui-store';
import { draftOf, useDraftStore } from './drafts-store';

/** The list field that "Use as input" found full, until the user makes room or leaves the form. */
const useSlotFullStore = create<{ at: { operationId: OperationId; field: string } | null }>(() => ({ at: null }));

/**
 * "Use as input" into a full list: the form with that field is shown (by the caller), and the field says
 * how to make room. Scrolls the field into view once the form has rendered it.
 */
export function showSlotFull(operationId: OperationId, field: string): void {
  useSlotFullStore.setState({ at: { operationId, field } });
  let frames = 0;
  const reveal = () => {
    const el = document.querySelector(`[data-testid="operation-form"][data-op="${operationId}"] [data-field="${field}"]`);
    if (el) el.scrollIntoView({ block: 'nearest' });
    else if (++frames < 10) requestAnimationFrame(reveal);
  };
  requestAnimationFrame(reveal);
}

/** Under a full list field: how many it holds and how to make room. Gone once there is room or another form is shown. */
export function SlotFullNote({ op, field }: { op: OperationId; field: Extract<FieldDef, { type: 'mediaList' }> }) {
  const { t } = useTranslation();
  const at = useSlotFullStore((s) => s.at);
  const count = useDraftStore((s) => {
    const v = draftOf(s.drafts, op).values[field.name];
    return Array.isArray(v) ? v.length : 0;
  });
  const shownOp = useUiStore((s) => s.operationId);
  const mine = at?.operationId === op && at.field === field.name;
  const stale = mine && (count < field.max || shownOp !== op);
  useEffect(() => {
    if (stale) useSlotFullStore.setState({ at: null });
  }, [stale]);
  if (!mine || stale) return null;
  return (
    <p className="fm-slot-full" role="status" data-testid={`slot-full-${field.name}`}>
      {t('forms.media.slotFull', { count, max: field.max })}
    </p>
  );
}
