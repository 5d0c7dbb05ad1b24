import type { DragEvent } from 'react';
import { mediaValueSchema, type MediaValue } from '../../../../../shared/operations/media';
import { RESULT_DRAG_TYPE } from './result-drag';

// Apart from result-drag.ts: tiles start drags on the first screen, and only the form's slots (their own
// chunk) read drops, so the schema stays out of the first screen's code.

/** The dropped result, checked (a drop is input from outside this component: parse it). */
export function readResultDrag(e: DragEvent): { kind: 'image' | 'video'; value: MediaValue } | null {
  const raw = e.dataTransfer.getData(RESULT_DRAG_TYPE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { kind?: unknown; value?: unknown };
    const value = mediaValueSchema.safeParse(parsed.value);
    if (!value.success || (parsed.kind !== 'image' && parsed.kind !== 'video')) return null;
    return { kind: parsed.kind, value: value.data };
  } catch {
    return null;
  }
}
