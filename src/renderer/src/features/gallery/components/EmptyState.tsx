import { FolderOpen, ImagePlus, SearchX } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusLost } from '../../../ui/primitives';
import { useGalleryStore } from '../gallery-store';

/**
 * Nothing yet (a welcome), an empty board, or nothing matching (a way out of the filters). It stands for the
 * gallery when the last task was deleted from the keyboard: it takes the focus then (tabIndex -1, never a Tab stop).
 */
export function EmptyState({ filtered, board }: { filtered: boolean; board: boolean }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!useGalleryStore.getState().focusEmpty) return;
    useGalleryStore.getState().set({ focusEmpty: false });
    if (focusLost()) root.current?.focus({ preventScroll: true });
  }, []);
  const box = (children: ReactNode) => (
    <div ref={root} className="gl-empty" data-testid="gallery-empty" tabIndex={-1}>
      {children}
    </div>
  );
  if (board && !filtered)
    return box(
      <>
        <div className="gl-empty-art small">
          <FolderOpen size={26} />
        </div>
        <strong data-testid="board-empty">{t('library.boards.empty')}</strong>
        <span className="muted">{t('gallery.boardEmptyHint')}</span>
      </>,
    );
  if (filtered)
    return box(
      <>
        <div className="gl-empty-art small">
          <SearchX size={26} />
        </div>
        <strong>{t('gallery.noMatch')}</strong>
        <button
          className="btn"
          onClick={(e) => {
            // This button goes with the empty state: focus goes on to the search field, which stays.
            const search = e.currentTarget.closest('.gl-root')?.querySelector<HTMLInputElement>('.gl-search input');
            useGalleryStore.getState().resetFilters();
            search?.focus();
          }}
        >
          {t('gallery.filter.reset')}
        </button>
      </>,
    );
  return box(
    <>
      <div className="gl-empty-art">
        <span />
        <span />
        <span />
        <ImagePlus size={28} />
      </div>
      <strong>{t('gallery.empty')}</strong>
      <span className="muted">{t('gallery.emptyHint')}</span>
    </>,
  );
}
