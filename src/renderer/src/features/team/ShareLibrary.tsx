import { useMutation } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge/bridge-context';
import { useShareProgress } from './use-team';

/** "Share this library with the team": one button and a progress bar fed by core's push events. */
export function ShareLibrary({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const progress = useShareProgress();
  const start = useMutation({ mutationFn: () => bridge.call('shareLibraryWithTeam', {}) });
  const running = progress?.state === 'running' || start.isPending;
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <section className="team-share" aria-labelledby="team-share-title" data-testid="team-share">
      <h4 id="team-share-title">{t('team.share.title')}</h4>
      <p className="settings-hint">{active ? t('team.share.hint') : t('team.share.needsTeam')}</p>
      <div className="settings-inline">
        <button className="btn" data-testid="team-share-start" disabled={!active || running} onClick={() => start.mutate()}>
          <Share2 size={15} /> {t('team.share.button')}
        </button>
      </div>
      {progress && (
        <div className="team-share-progress" data-state={progress.state}>
          <div
            className="team-progress"
            role="progressbar"
            aria-label={t('team.share.title')}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            data-testid="team-share-bar"
          >
            <span style={{ width: `${Math.round((progress.state === 'done' ? 1 : fraction) * 100)}%` }} />
          </div>
          <p className={`settings-hint${progress.state === 'failed' ? ' bad' : ''}`} role="status" data-testid="team-share-status">
            {progress.state === 'running' && t('team.share.running', { done: progress.done, total: progress.total })}
            {progress.state === 'done' && t('team.share.done', { count: progress.done - progress.skipped, skipped: progress.skipped })}
            {progress.state === 'failed' && t('team.share.failed', { error: progress.error ?? '' })}
          </p>
        </div>
      )}
    </section>
  );
}
