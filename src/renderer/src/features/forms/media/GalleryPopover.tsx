import { Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaValue } from '../../../../../shared/operations/media';
import { mediaUrl } from '../../../bridge/media';
import { PopoverContent, Tip, useRovingGrid } from '../../../ui/primitives';
import { resultValue, useRecentResults } from './use-recent-results';

/** "Pick from gallery": recent succeeded results of the wanted kind, one Tab stop with arrow keys inside. */
export function GalleryPopover({
  kind,
  onPick,
  onClose,
}: {
  kind: 'image' | 'video';
  onPick(value: MediaValue): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const results = useRecentResults(kind, true);
  const items = results.data ?? [];
  const grid = useRef<HTMLDivElement>(null);
  const roving = useRovingGrid({ container: grid, count: items.length });
  return (
    <PopoverContent className="fm-popover fm-gallery-pop" label={t('forms.media.fromGallery')} align="end">
      <div className="fm-pop-title">
        {t(kind === 'image' ? 'forms.media.recentImages' : 'forms.media.recentVideos')}
      </div>
      {results.isLoading && (
        <div className="fm-pop-empty">
          <Loader2 size={16} className="fm-spin" />
        </div>
      )}
      {!results.isLoading && items.length === 0 && (
        <div className="fm-pop-empty">{t('forms.media.galleryEmpty')}</div>
      )}
      <div
        ref={grid}
        className="fm-gallery-grid"
        role="group"
        aria-label={t(kind === 'image' ? 'forms.media.recentImages' : 'forms.media.recentVideos')}
        data-testid="gallery-picker"
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
      >
        {items.map((item, i) => {
          const src = item.result.file
            ? mediaUrl('library', item.result.file)
            : (item.result.remoteUrl ?? '');
          return (
            <Tip key={`${item.task.id}:${item.result.index}`} label={item.task.prompt || item.task.model}>
              <button
                type="button"
                className="fm-gallery-item"
                aria-label={item.task.prompt || item.task.model}
                data-testid="gallery-pick"
                {...roving.item(i)}
                onClick={() => {
                  onPick(resultValue(item));
                  onClose();
                }}
              >
                {kind === 'video' ? <video src={src} muted preload="metadata" /> : <img src={src} alt="" />}
              </button>
            </Tip>
          );
        })}
      </div>
    </PopoverContent>
  );
}
