import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { ConfirmDialog } from '../../../ui/primitives';
import { useGalleryStore } from '../gallery-store';
import type { TaskActions } from '../hooks/use-task-actions';

/** Asks before deleting (Cancel has focus); deleting the files too is the default when the task has any. */
export function ConfirmDelete({ task, actions }: { task: TaskSummary | undefined; actions: TaskActions }) {
  const { t } = useTranslation();
  const id = useGalleryStore((s) => s.confirmDelete);
  const files = task?.results.filter((r) => r.file).length ?? 0;
  const [withFiles, setWithFiles] = useState(true);
  if (!id) return null;
  const close = () => useGalleryStore.getState().set({ confirmDelete: null });
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
      onConfirm={() => {
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
