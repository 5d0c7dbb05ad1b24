import { useMutation } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import type { ConnectionOutcome } from '../../../../../shared/domain/profile';
import { useSettingsError } from '../hooks/use-settings-error';

/** "Test connection" with a clear, translated result: OK with latency, key refused, unreachable, … */
export function ConnectionTest({
  profileId,
  onResult,
}: {
  profileId: string;
  onResult?: (outcome: ConnectionOutcome) => void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const errorText = useSettingsError();
  const test = useMutation({
    mutationFn: () => bridge.call('testConnection', { id: profileId }),
    onSuccess: (r) => onResult?.(r.outcome),
  });
  const result = test.data;
  return (
    <div className="connection-test">
      <button
        className="btn btn-ghost"
        data-testid="profile-test"
        disabled={test.isPending}
        onClick={() => test.mutate()}
      >
        <Activity size={15} /> {test.isPending ? t('settings.test.testing') : t('settings.test.button')}
      </button>
      {result && !test.isPending && (
        <span
          className={`test-result ${result.ok ? 'ok' : 'bad'}`}
          role="status"
          data-testid="profile-test-result"
          data-outcome={result.outcome}
        >
          {t(`settings.test.${result.outcome}`, {
            ms: Math.round(result.latencyMs),
            status: result.httpStatus ?? '—',
          })}
        </span>
      )}
      {test.error && <span className="test-result bad">{errorText(test.error)}</span>}
    </div>
  );
}
