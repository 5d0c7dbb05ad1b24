import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MediaValue } from '../../../../../shared/operations/media';
import { mediaUrl } from '../../../bridge/media';
import { Popover } from './Popover';
import { resultValue, useRecentResults } from './use-recent-results';

/** "Pick from gallery": recent succeeded results of the wanted kind. */
export function GalleryPopover({ kind, onPick, onClose }: { kind: 'image' | 'video'; onPick(value: MediaValue): void; onClose(): void }) {
  const { t } = useTranslation();
  const results = useRecentResults(kind, true);
  const items = results.data ?? [];
  return (
    <Popover onClose={onClose} className="fm-gallery-pop" label={t('forms.media.fromGallery')}>
      <div className="fm-pop-title">{t(kind === 'image' ? 'forms.media.recentImages' : 'forms.media.recentVideos')}</div>
      {results.isLoading && (
        <div className="fm-pop-empty">
          <Loader2 size={16} className="fm-spin" />
        </div>
      )}
      {!results.isLoading && items.length === 0 && <div className="fm-pop-empty">{t('forms.media.galleryEmpty')}</div>}
      <div className="fm-gallery-grid" data-testid="gallery-picker">
        {items.map((item) => {
          const src = item.result.file ? mediaUrl('library', item.result.file) : (item.result.remoteUrl ?? '');
          return (
            <button
              type="button"
              key={`${item.task.id}:${item.result.index}`}
              className="fm-gallery-item"
              title={item.task.prompt || item.task.model}
              data-testid="gallery-pick"
              onClick={() => {
                onPick(resultValue(item));
                onClose();
              }}
            >
              {kind === 'video' ? <video src={src} muted preload="metadata" /> : <img src={src} alt="" />}
            </button>
          );
        })}
      </div>
    </Popover>
  );
}
