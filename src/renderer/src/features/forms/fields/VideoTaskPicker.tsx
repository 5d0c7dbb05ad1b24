import { Film, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../bridge/media';
import { PopoverContent, PopoverRoot, PopoverTrigger } from '../../../ui/primitives';
import { useExtendableVideos } from '../media/use-extendable-videos';

/** For video extension: the gallery's videos this endpoint can extend; picking one fills in its remote id. */
export function VideoTaskPicker({ onPick }: { onPick(remoteId: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const results = useExtendableVideos(open);
  const tasks = results.data ?? [];
  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button type="button" className="btn btn-sm" data-testid="pick-video-task">
          <Film size={14} /> {t('forms.media.pickVideo')}
        </button>
      </PopoverTrigger>
      {open && (
        <PopoverContent className="fm-popover fm-task-pop" label={t('forms.media.pickVideo')}>
          <div className="fm-pop-title">{t('forms.media.recentVideos')}</div>
          {results.isLoading && (
            <div className="fm-pop-empty">
              <Loader2 size={16} className="fm-spin" />
            </div>
          )}
          {!results.isLoading && tasks.length === 0 && (
            <div className="fm-pop-empty">{t('forms.media.noVideos')}</div>
          )}
          <ul className="fm-task-list">
            {tasks.map(({ task, result }) => (
              <li key={task.id}>
                <button
                  type="button"
                  className="fm-task-item"
                  data-testid="video-task-option"
                  onClick={() => {
                    if (task.remoteId) onPick(task.remoteId);
                    setOpen(false);
                  }}
                >
                  {result.file ? (
                    <video src={mediaUrl('library', result.file)} muted preload="metadata" />
                  ) : (
                    <span className="fm-thumb-icon">
                      <Film size={18} />
                    </span>
                  )}
                  <span className="fm-task-text">
                    <span className="fm-task-prompt">{task.prompt || t(`op.${task.operationId}.label`)}</span>
                    <code>{task.remoteId}</code>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </PopoverContent>
      )}
    </PopoverRoot>
  );
}
