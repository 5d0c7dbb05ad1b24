import { AlertTriangle, CheckCircle2, KeyRound, Unplug, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../state/ui-store';
import type { Notice } from './use-submit';

/** The answer to the last submission, at the form: sent, the server's 400 message, or a 401 pointing to Settings. */
export function FormNotice({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const { t } = useTranslation();
  const tone = notice.kind === 'sent' ? 'ok' : 'danger';
  return (
    <div className={`fm-notice fm-notice-${tone}`} role={notice.kind === 'sent' ? 'status' : 'alert'} data-testid="form-notice" data-kind={notice.kind} data-task-id={notice.kind === 'sent' ? notice.taskId : undefined}>
      {notice.kind === 'sent' ? <CheckCircle2 size={16} /> : notice.kind === 'offline' ? <Unplug size={16} /> : notice.kind === 'unauthorized' ? <KeyRound size={16} /> : <AlertTriangle size={16} />}
      <div className="fm-notice-text">
        {notice.kind === 'sent' && <strong>{t('forms.submit.sent')}</strong>}
        {notice.kind === 'offline' && (
          <>
            <strong>{t('forms.submit.offline')}</strong>
            <span>{t('forms.submit.offlineHint')}</span>
          </>
        )}
        {notice.kind === 'unauthorized' && (
          <>
            <strong>{t('forms.submit.unauthorized')}</strong>
            <span>{notice.message}</span>
          </>
        )}
        {notice.kind === 'error' && (
          <>
            <strong>{t(notice.code === 'gateway_bad_request' ? 'forms.submit.badRequest' : notice.code === 'invalid_input' ? 'forms.submit.invalidInput' : 'forms.submit.failed')}</strong>
            <span data-testid="form-notice-message">{notice.message}</span>
          </>
        )}
      </div>
      {notice.kind === 'unauthorized' && (
        <button type="button" className="btn btn-sm" data-testid="notice-open-settings" onClick={() => useUiStore.getState().setSettingsOpen(true)}>
          {t('forms.submit.openSettings')}
        </button>
      )}
      <button type="button" className="icon-btn" aria-label={t('forms.common.dismiss')} onClick={onDismiss}>
        <X size={15} />
      </button>
    </div>
  );
}
