import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useGalleryStore } from '../gallery-store';
import type { TaskActions } from '../hooks/use-task-actions';

/** Asks before deleting; deleting the files too is the default when the task has any. */
export function ConfirmDelete({ task, actions }: { task: TaskSummary | undefined; actions: TaskActions }) {
  const { t } = useTranslation();
  const id = useGalleryStore((s) => s.confirmDelete);
  const files = task?.results.filter((r) => r.file).length ?? 0;
  const [withFiles, setWithFiles] = useState(true);
  const confirm = useRef<HTMLButtonElement>(null);
  const close = () => useGalleryStore.getState().set({ confirmDelete: null });
  useEffect(() => {
    confirm.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopImmediatePropagation();
        close();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  if (!id) return null;
  return createPortal(
    <div className="gl-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="gl-dialog" role="alertdialog" aria-modal="true" aria-labelledby="gl-del-title" data-testid="confirm-delete">
        <div className="gl-dialog-icon">
          <Trash2 size={20} />
        </div>
        <h3 id="gl-del-title">{t('gallery.delete.title')}</h3>
        <p className="muted">{task?.prompt ? `“${task.prompt.slice(0, 140)}”` : id}</p>
        {files > 0 && (
          <label className="gl-check">
            <input type="checkbox" checked={withFiles} data-testid="delete-files" onChange={(e) => setWithFiles(e.target.checked)} />
            {t('gallery.delete.files', { count: files })}
          </label>
        )}
        <div className="gl-dialog-actions">
          <button className="btn" onClick={close}>
            {t('gallery.delete.cancel')}
          </button>
          <button
            ref={confirm}
            className="btn gl-btn-danger"
            data-testid="confirm-delete-button"
            onClick={() => {
              close();
              if (useGalleryStore.getState().lightbox?.taskId === id) useGalleryStore.getState().set({ lightbox: null });
              void actions.delete(id, files > 0 && withFiles);
            }}
          >
            {t('gallery.delete.confirm')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
