import type { DragEvent } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import type { MediaValue } from '../../../../../shared/operations/media';

/** The drag type of a gallery result moving inside the app (a tile or the lightbox onto a media slot). */
export const RESULT_DRAG_TYPE = 'application/x-atelier-result';

/** Adds the in-app payload to a drag of result `index` of `task` (beside the file/download data). */
export function setResultDrag(e: DragEvent, task: TaskSummary, index: number): void {
  const r = task.results.find((x) => x.index === index);
  if (!r || (r.kind !== 'image' && r.kind !== 'video')) return;
  const value: MediaValue = {
    kind: 'result',
    taskId: task.id,
    index,
    remoteUrl: r.remoteUrl,
    file: r.file,
    mime: r.mime,
    remoteId: task.remoteId,
  };
  e.dataTransfer.setData(RESULT_DRAG_TYPE, JSON.stringify({ kind: r.kind, value }));
  e.dataTransfer.effectAllowed = 'copyLink';
}

export const isResultDrag = (e: DragEvent): boolean => e.dataTransfer.types.includes(RESULT_DRAG_TYPE);

