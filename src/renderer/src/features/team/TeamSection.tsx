import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Activity, LogIn, LogOut, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../../shared/bridge/result';
import type { TeamState } from '../../../../shared/domain/team';
import { useBridge } from '../../bridge/bridge-context';
import { useAppInfo } from '../../bridge/queries';
import { ConfirmDialog } from '../../ui/primitives';
import { CacheCapField } from './CacheCapField';
import { ShareLibrary } from './ShareLibrary';
import { TeamForm } from './TeamForm';
import { draftFrom, fieldErrors, inputFrom, type TeamDraft } from './team-draft';
import { queryKeys } from '../../state/query-keys';
import { useTeam } from './use-team';
import './team.css';

/** Settings → Team: join a team's PostgreSQL and media, test, leave, and share this library with it. */
export function TeamSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const team = useTeam();
  const state = team.data;
  const info = useAppInfo().data;
  const [draft, setDraft] = useState<TeamDraft>(() => draftFrom(state));
  const [touchedSet, setTouched] = useState<Set<keyof TeamDraft>>(new Set());
  const [askWeak, setAskWeak] = useState(false);
  const [askLeave, setAskLeave] = useState(false);
  // The saved settings fill the form when they change (a refetch alone never wipes what is being typed).
  const saved = state ? JSON.stringify([state.postgresUrl, state.member, state.media]) : '';
  useEffect(() => {
    if (state) setDraft(draftFrom(state));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the saved settings only
  }, [saved]);
  const errors = fieldErrors(draft);
  const valid = Object.keys(errors).length === 0;
  const touchAll = () => setTouched(new Set(Object.keys(draft) as (keyof TeamDraft)[]));
  const settle = (next: TeamState) => qc.setQueryData(queryKeys.team.state, next);
  const test = useMutation({ mutationFn: () => bridge.call('testTeam', inputFrom(draft)) });
  const join = useMutation({
    mutationFn: (acceptWeakStorage: boolean) => bridge.call('joinTeam', { ...inputFrom(draft), acceptWeakStorage }),
    onSuccess: (next) => (settle(next), setAskWeak(false), setDraft(draftFrom(next))),
    onError: (e) => setAskWeak(e instanceof BridgeError && e.code === 'conflict' && !e.fields),
  });
  const leave = useMutation({ mutationFn: () => bridge.call('leaveTeam', {}), onSuccess: settle });
  const guard = (run: () => void) => () => {
    touchAll();
    if (valid) run();
  };
  const check = (c: string) => t(`team.check.${c}`);
  const joinError = join.error instanceof BridgeError && !askWeak ? join.error : null;
  return (
    <div className="settings-section team-section" data-testid="team-section">
      <p className="settings-hint team-intro">{t('team.intro')}</p>
      <TeamStatus state={state} />
      <TeamForm
        draft={draft}
        change={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        errors={errors}
        touched={(f) => touchedSet.has(f)}
        touch={(f) => setTouched((s) => new Set(s).add(f))}
        state={state}
        storage={info ? t(`team.storageWhere.${info.secretStorage.kind}`) : ''}
      />
      <div className="settings-inline team-actions">
        <button className="btn btn-ghost" data-testid="team-test" disabled={test.isPending} onClick={guard(() => test.mutate())}>
          <Activity size={15} /> {test.isPending ? t('team.testing') : t('team.test')}
        </button>
        <button className="btn btn-primary" data-testid="team-join" disabled={join.isPending} onClick={guard(() => join.mutate(false))}>
          <LogIn size={15} /> {join.isPending ? t('team.joining') : state?.joined ? t('team.rejoin') : t('team.join')}
        </button>
        {state?.joined && (
          <button className="btn btn-ghost" data-testid="team-leave" onClick={() => setAskLeave(true)}>
            <LogOut size={15} /> {t('team.leave')}
          </button>
        )}
      </div>
      {test.data && !test.isPending && (
        <p className={`test-result ${test.data.ok ? 'ok' : 'bad'} team-test-result`} role="status" data-testid="team-test-result" data-ok={test.data.ok}>
          {t('team.testResult', { database: check(test.data.database), media: check(test.data.media) })}
          {test.data.ok && !test.data.databaseReady && <> · {t('team.databaseNew')}</>}
          {test.data.detail && <small className="team-detail">{test.data.detail}</small>}
        </p>
      )}
      {joinError && (
        <p className="settings-error" role="alert" data-testid="team-join-error">
          {joinError.fields?.join === 'openTasks'
            ? t('team.openTasks')
            : joinError.fields?.media
              ? `${t('team.media')}: ${check(joinError.fields.media)}`
              : joinError.fields?.postgresUrl
                ? `${t('team.postgresUrl')}: ${check(joinError.fields.postgresUrl)}`
                : t(`settings.errors.${joinError.code}`)}
        </p>
      )}
      {askWeak && (
        <div className="settings-confirm warn" role="alertdialog" data-testid="team-weak-confirm">
          <strong>{t('team.weakTitle')}</strong>
          <p>{t('team.weakBody')}</p>
          <div className="settings-inline">
            <button className="btn" onClick={() => setAskWeak(false)}>
              {t('settings.cancel')}
            </button>
            <button className="btn btn-danger" data-testid="team-weak-accept" onClick={() => join.mutate(true)}>
              {t('team.weakAccept')}
            </button>
          </div>
        </div>
      )}
      {state?.active && <CacheCapField usedBytes={state.cacheUsedBytes} />}
      <ShareLibrary active={state?.active === true} />
      <ConfirmDialog
        open={askLeave}
        title={t('team.leave')}
        body={t('team.leaveConfirm')}
        confirmLabel={t('team.leave')}
        cancelLabel={t('settings.cancel')}
        tone="danger"
        confirmTestId="team-leave-confirm"
        onConfirm={() => (setAskLeave(false), leave.mutate())}
        onCancel={() => setAskLeave(false)}
      />
    </div>
  );
}

function TeamStatus({ state }: { state: TeamState | undefined }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  // The desktop app restarts itself (quitting stops core first, as always); a web host is restarted by hand.
  const relaunch = useMutation({ mutationFn: () => bridge.call('relaunchApp', {}) });
  if (!state) return null;
  const member = state.member ?? '';
  const [text, tone] = state.startError
    ? [t('team.status.startError', { reason: state.startError }), 'bad']
    : state.restartNeeded
      ? [state.joined ? t('team.status.restartJoin', { member }) : t('team.status.restartLeave'), 'warn']
      : state.active
        ? [t('team.status.active', { member }), 'ok']
        : [t('team.status.solo'), 'muted'];
  return (
    <div className={`team-status ${tone}`} data-testid="team-status" data-active={state.active} data-joined={state.joined}>
      <span className="team-dot" aria-hidden />
      {/* The live region is the message alone: the button beside it is not announced with every change. */}
      <span role="status">{text}</span>
      {state.active && state.feed && !state.restartNeeded && <span className="team-feed">{t(`team.status.feed_${state.feed}`)}</span>}
      {state.restartNeeded && bridge.transport === 'electron' && (
        <button className="btn btn-primary team-restart" data-testid="team-restart" disabled={relaunch.isPending || relaunch.isSuccess} onClick={() => relaunch.mutate()}>
          <RotateCcw size={14} /> {t('team.restartNow')}
        </button>
      )}
    </div>
  );
}
