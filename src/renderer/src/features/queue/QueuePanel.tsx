import { Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueProfile } from '../../../../shared/domain/queue';
import { useNow } from '../../state/use-now';
import { roughDuration } from './model/wait-text';
import { QueueLine } from './QueueLine';
import { ClippedText } from '../../ui/primitives';
import { SlotLimitSelect } from './SlotLimitSelect';
import { useQueue, useSetQueuePaused } from './use-queue';

function ProfileQueue({ profile, at, allPaused, announce }: { profile: QueueProfile; at: number; allPaused: boolean; announce: (s: string) => void }) {
  const { t } = useTranslation();
  const now = useNow(profile.running.length > 0);
  const pause = useSetQueuePaused();
  const selectId = useId();
  return (
    <section className="queue-profile" data-testid="queue-profile" data-profile-id={profile.profileId} aria-label={profile.profileName}>
      <header className="queue-profile-head">
        <h3>{profile.profileName}</h3>
        <span className="queue-limit">
          <label htmlFor={selectId}>{t('queue.slots')}</label>
          <SlotLimitSelect id={selectId} testId="queue-limit" profileId={profile.profileId} limit={profile.limit} />
          {profile.limitSource === 'learned' && <span className="queue-learned">{t('queue.limitLearned')}</span>}
        </span>
        <button
          type="button"
          className="queue-btn"
          data-testid="queue-pause-profile"
          aria-pressed={profile.paused}
          onClick={() => pause.mutate({ profileId: profile.profileId, paused: !profile.paused })}
        >
          {profile.paused ? <Play size={13} aria-hidden /> : <Pause size={13} aria-hidden />}{' '}
          {profile.paused ? t('queue.resumeProfile', { name: profile.profileName }) : t('queue.pauseProfile', { name: profile.profileName })}
        </button>
      </header>
      {profile.paused && !allPaused && <p className="queue-note">{t('queue.pausedProfile')}</p>}
      <h4>
        {t('queue.running')} <span className="queue-count">{profile.running.length}{profile.limit !== null ? ` / ${profile.limit}` : ''}</span>
      </h4>
      {profile.running.length === 0 ? (
        <p className="queue-empty">{t('queue.noRunning')}</p>
      ) : (
        <ul className="queue-running" data-testid="queue-running">
          {profile.running.map((task) => (
            <li key={task.id} className="queue-row running">
              <span className="queue-main">
                <ClippedText className="queue-prompt" text={task.prompt || task.model} />
                <span className="queue-meta">
                  {task.model} · {task.etaMs === null ? t('queue.running_unknown') : t('queue.finishesIn', { eta: roughDuration(Math.max(0, task.etaMs - (now - at)), t) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <h4>
        {t('queue.waiting')} <span className="queue-count">{profile.waiting.length}</span>
      </h4>
      <QueueLine tasks={profile.waiting} at={at} announce={announce} />
    </section>
  );
}

/** The queue view (issue 30): per gateway profile, running and waiting tasks with places and estimates, pauses, slots. */
export function QueuePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQueue();
  const pauseAll = useSetQueuePaused();
  const [said, setSaid] = useState('');
  const snapshot = data?.snapshot;
  const paused = snapshot?.paused ?? false;
  return (
    <div
      id={id}
      className="queue-panel"
      role="region"
      aria-label={t('queue.title')}
      data-testid="queue-panel"
      onKeyDown={(e) => {
        // A layer opened from the panel (the Select's listbox, a tooltip) took this Escape to close itself
        // (Radix dismisses on the document's capture phase and marks the event): it is not the panel's.
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="queue-panel-head">
        <h2>{t('queue.title')}</h2>
        <button type="button" className="queue-btn primary" data-testid="queue-pause-all" aria-pressed={paused} onClick={() => pauseAll.mutate({ profileId: null, paused: !paused })}>
          {paused ? <Play size={13} aria-hidden /> : <Pause size={13} aria-hidden />} {paused ? t('queue.resumeAll') : t('queue.pauseAll')}
        </button>
        <button type="button" className="queue-btn" onClick={onClose} aria-label={t('queue.close')} data-testid="queue-close">
          ✕
        </button>
      </header>
      {paused && (
        <p className="queue-note" data-testid="queue-paused-all">
          {t('queue.pausedAll')}
        </p>
      )}
      <p id="queue-move-hint" className="queue-hint">
        {t('queue.moveHint')}
      </p>
      {snapshot && snapshot.profiles.length === 0 && <p className="queue-empty">{t('queue.nothing')}</p>}
      {snapshot?.profiles.map((p) => (
        <ProfileQueue key={p.profileId} profile={p} at={data?.at ?? 0} allPaused={paused} announce={setSaid} />
      ))}
      <div className="queue-sr-only" role="status" aria-live="polite" data-testid="queue-announce">
        {said}
      </div>
    </div>
  );
}
