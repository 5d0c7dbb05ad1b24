import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { ConfirmDialog } from '../../../ui/primitives';
import { useGalleryStore } from '../gallery-store';
import type { TaskActions } from '../hooks/use-task-actions';

/** The tile (or list row) of a task in the gallery, if it is mounted. */
const galleryItem = (id: string) =>
  document.querySelector<HTMLElement>(`.gl-root :is([role="gridcell"], [role="row"])[data-task-id="${CSS.escape(id)}"]`);

/**
 * Asks before deleting (Cancel has focus); deleting the files too is the default when the task has any.
 * Once deleted, focus goes to the task that takes its place in the gallery (the next, else the previous): the
 * gallery is one Tab stop with a roving item, and the deleted tile, which held the focus, is about to go. With
 * none left, the gallery's empty state takes it. Cancel gives focus back to the opener.
 */
export function ConfirmDelete({ task, order, actions }: { task: TaskSummary | undefined; order: readonly string[]; actions: TaskActions }) {
  const { t } = useTranslation();
  const id = useGalleryStore((s) => s.confirmDelete);
  const files = task?.results.filter((r) => r.file).length ?? 0;
  const [withFiles, setWithFiles] = useState(true);
  const deleted = useRef(false);
  if (!id) return null;
  const close = () => useGalleryStore.getState().set({ confirmDelete: null });
  const at = order.indexOf(id);
  const neighbour = at < 0 ? undefined : (order[at + 1] ?? order[at - 1]);
  return (
    <ConfirmDialog
      tone="danger"
      icon={<Trash2 size={20} />}
      title={t('gallery.delete.title')}
      body={task?.prompt ? `“${task.prompt.slice(0, 140)}”` : id}
      cancelLabel={t('gallery.delete.cancel')}
      confirmLabel={t('gallery.delete.confirm')}
      testId="confirm-delete"
      cancelTestId="confirm-delete-cancel"
      confirmTestId="confirm-delete-button"
      onCancel={close}
      focusOnClose={() => (deleted.current && neighbour ? galleryItem(neighbour) : null)}
      onConfirm={() => {
        deleted.current = true;
        if (at >= 0 && !neighbour) useGalleryStore.getState().set({ focusEmpty: true });
        close();
        if (useGalleryStore.getState().lightbox?.taskId === id) useGalleryStore.getState().set({ lightbox: null });
        void actions.delete(id, files > 0 && withFiles);
      }}
    >
      {files > 0 && (
        <label className="gl-check">
          <input type="checkbox" checked={withFiles} data-testid="delete-files" onChange={(e) => setWithFiles(e.target.checked)} />
          {t('gallery.delete.files', { count: files })}
        </label>
      )}
    </ConfirmDialog>
  );
}
