import { create } from 'zustand';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useUiStore } from '../../../state/ui-store';
import { useDraftStore } from '../../forms';
import { useGalleryStore } from '../../gallery';

/** Set when "Edit with mask" asked the image edit form's mask field to open the full-screen editor. */
export const useEditorLaunch = create<{ pending: boolean; set: (pending: boolean) => void }>()((set) => ({
  pending: false,
  set: (pending) => set({ pending }),
}));

/**
 * "Edit with mask" on a gallery image: the image edit form gets that result as its only image (a masked
 * edit takes exactly one) and no mask, the lightbox closes, and the mask field opens the full-screen editor.
 */
export function editWithMask(task: TaskSummary, index: number): boolean {
  const r = task.results.find((x) => x.index === index);
  if (!r || r.kind !== 'image' || !r.file) return false;
  const drafts = useDraftStore.getState();
  drafts.setValue('imageEdit.edit', 'images', [
    {
      kind: 'result',
      taskId: task.id,
      index,
      remoteUrl: r.remoteUrl,
      file: r.file,
      mime: r.mime,
      remoteId: task.remoteId,
    },
  ]);
  drafts.setValue('imageEdit.edit', 'mask', null);
  useUiStore.getState().selectOperation('imageEdit.edit');
  useEditorLaunch.getState().set(true);
  useGalleryStore.getState().set({ lightbox: null });
  return true;
}
