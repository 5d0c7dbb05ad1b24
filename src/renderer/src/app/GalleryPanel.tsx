import { useTranslation } from 'react-i18next';

/** The live task gallery (filled by the gallery feature). */
export function GalleryPanel() {
  const { t } = useTranslation();
  return (
    <div className="gallery-panel" data-testid="gallery">
      <header className="panel-header">
        <h2>{t('gallery.title')}</h2>
      </header>
      <div className="empty-state">
        <div className="art" />
        <strong>{t('gallery.empty')}</strong>
        <span>{t('gallery.emptyHint')}</span>
      </div>
    </div>
  );
}
