import { FolderOpen, ImagePlus, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGalleryStore } from '../gallery-store';

/** Nothing yet (a welcome), an empty board, or nothing matching (a way out of the filters). */
export function EmptyState({ filtered, board }: { filtered: boolean; board: boolean }) {
  const { t } = useTranslation();
  if (board && !filtered)
    return (
      <div className="gl-empty" data-testid="gallery-empty">
        <div className="gl-empty-art small">
          <FolderOpen size={26} />
        </div>
        <strong data-testid="board-empty">{t('library.boards.empty')}</strong>
        <span className="muted">{t('gallery.boardEmptyHint')}</span>
      </div>
    );
  if (filtered)
    return (
      <div className="gl-empty" data-testid="gallery-empty">
        <div className="gl-empty-art small">
          <SearchX size={26} />
        </div>
        <strong>{t('gallery.noMatch')}</strong>
        <button className="btn" onClick={() => useGalleryStore.getState().resetFilters()}>
          {t('gallery.filter.reset')}
        </button>
      </div>
    );
  return (
    <div className="gl-empty" data-testid="gallery-empty">
      <div className="gl-empty-art">
        <span />
        <span />
        <span />
        <ImagePlus size={28} />
      </div>
      <strong>{t('gallery.empty')}</strong>
      <span className="muted">{t('gallery.emptyHint')}</span>
    </div>
  );
}
