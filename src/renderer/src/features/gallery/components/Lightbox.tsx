import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { mediaUrl } from '../../../bridge/media';
import { Modal } from '../../../ui/primitives';
import { useGalleryStore, type LightboxTarget } from '../gallery-store';
import { hasFile } from '../model/actions';
import { step } from '../model/navigation';
import { useTaskDetail } from '../hooks/use-task-pages';
import type { TaskActions } from '../hooks/use-task-actions';
import { LiveStatus } from './LiveStatus';
import { TaskDetails } from './TaskDetails';
import { TaskMedia } from './TaskMedia';
import { ResultImage } from '../../canvas';

/**
 * Full-window viewer: the result (image with zoom and pan, or a seekable video player), ←/→ through the
 * list, Esc to close, and the task's details beside it.
 */
export function Lightbox({
  target,
  items,
  actions,
}: {
  target: LightboxTarget;
  items: TaskSummary[];
  actions: TaskActions;
}) {
  const { t } = useTranslation();
  const detailQuery = useTaskDetail(target.taskId);
  const task: TaskSummary | undefined = items.find((x) => x.id === target.taskId) ?? detailQuery.data;
  const close = () => useGalleryStore.getState().set({ lightbox: null });
  const go = (dir: 1 | -1) => {
    const next = step(items, target, dir);
    if (next) useGalleryStore.getState().set({ lightbox: next });
  };
  const prev = step(items, target, -1);
  const next = step(items, target, 1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return;
      if (e.key === 'ArrowRight' && el?.tagName !== 'VIDEO') go(1);
      else if (e.key === 'ArrowLeft' && el?.tagName !== 'VIDEO') go(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!task) {
    return (
      <Modal
        onClose={close}
        label={t('gallery.lightbox.title')}
        backdropClassName="gl-lightbox-backdrop"
        className="gl-lightbox"
        testId="lightbox"
        initialFocus="dialog"
      >
        <div className="gl-lightbox-empty" onClick={close}>
          {detailQuery.isError ? t('gallery.lightbox.gone') : '…'}
        </div>
      </Modal>
    );
  }
  const result = task.results[target.index];
  const url = hasFile(result) ? mediaUrl('library', result.file) : null;
  return (
    <Modal
      onClose={close}
      label={t('gallery.lightbox.title')}
      backdropClassName="gl-lightbox-backdrop"
      className="gl-lightbox"
      testId="lightbox"
      initialFocus="dialog"
      closeOnOutside={false}
      data-task-id={task.id}
      data-index={target.index}
    >
      <div className="gl-stage" onClick={(e) => e.target === e.currentTarget && close()}>
        {url && result?.kind === 'video' ? (
          <video
            key={url}
            className="gl-player"
            src={url}
            controls
            autoPlay
            playsInline
            data-testid="lightbox-video"
          />
        ) : url && result?.kind === 'image' ? (
          <ResultImage task={task} index={target.index} detail={detailQuery.data} src={url} />
        ) : (
          <div className="gl-stage-status">
            <div className="gl-stage-thumb">
              <TaskMedia task={task} index={target.index} />
            </div>
            <LiveStatus
              task={task}
              onCheck={() => void actions.checkAgain(task)}
              onRetry={() => void actions.retryDownload(task)}
            />
          </div>
        )}
        <button
          className="gl-nav prev"
          disabled={!prev}
          aria-label={t('gallery.lightbox.previous')}
          data-testid="lightbox-prev"
          onClick={() => go(-1)}
        >
          <ChevronLeft size={26} />
        </button>
        <button
          className="gl-nav next"
          disabled={!next}
          aria-label={t('gallery.lightbox.next')}
          data-testid="lightbox-next"
          onClick={() => go(1)}
        >
          <ChevronRight size={26} />
        </button>
        {task.results.length > 1 && (
          <div className="gl-strip">
            {task.results.map((r) => (
              <button
                key={r.index}
                className={`gl-strip-item${r.index === target.index ? ' on' : ''}`}
                aria-label={`#${r.index + 1}`}
                onClick={() =>
                  useGalleryStore.getState().set({ lightbox: { taskId: task.id, index: r.index } })
                }
              >
                <TaskMedia task={task} index={r.index} />
              </button>
            ))}
          </div>
        )}
        <span className="gl-counter">
          {items.findIndex((x) => x.id === task.id) + 1} / {items.length}
          {task.results.length > 1 ? ` · ${target.index + 1}/${task.results.length}` : ''}
        </span>
      </div>
      <TaskDetails task={task} detail={detailQuery.data} index={target.index} actions={actions} />
      <button
        className="icon-btn gl-close"
        aria-label={t('gallery.lightbox.close')}
        data-testid="lightbox-close"
        onClick={close}
      >
        <X size={20} />
      </button>
    </Modal>
  );
}
