import { ImagePlus, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGalleryStore } from '../gallery-store';

/** Nothing yet (a welcome) or nothing matching (a way out of the filters). */
export function EmptyState({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
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
