import { AlertTriangle, HardDrive, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../../shared/domain/notice';
import { useNotices } from './use-notices';
import './notices.css';
import { Tip } from '../../ui/primitives';

/** The last path segment: the copy's name, readable at a glance (the full path is in the tooltip). */
const fileName = (p: string): string => p.split(/[\\/]/).pop() ?? p;

function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const p = notice.params;
  const copy = p.savedAs ? fileName(p.savedAs) : '';
  switch (notice.kind) {
    case 'disk-full':
      return <>{t('notices.diskFull')}</>;
    case 'history-recovered':
      return <>{t('notices.historyRecovered', { copy })}</>;
    case 'journal-unreadable':
      return <>{t('notices.journalUnreadable', { copy })}</>;
    case 'store-unreadable':
      return (
        <>
          {p.entries
            ? t('notices.storeEntries', { file: p.file ?? '', entries: p.entries, copy })
            : t('notices.storeUnreadable', { file: p.file ?? '', copy })}
        </>
      );
    default:
      return <>{notice.message}</>;
  }
}

/** Core's notices (damaged files kept aside, a full disk) at the top of the window, each dismissible. */
export function NoticeBanner() {
  const { t } = useTranslation();
  const { notices, dismiss } = useNotices();
  if (notices.length === 0) return null;
  return (
    <div className="notice-stack" role="region" aria-label={t('notices.region')} data-testid="notices">
      {notices.map((n) => (
        <Tip key={n.id} label={n.params.savedAs ?? n.message}>
          <div
            className={`notice notice-${n.kind === 'disk-full' ? 'warn' : 'danger'}`}
            role="alert"
            data-testid="notice"
            data-kind={n.kind}
          >
            {n.kind === 'disk-full' ? (
              <HardDrive size={16} aria-hidden />
            ) : (
              <AlertTriangle size={16} aria-hidden />
            )}
            <span className="notice-text">
              <NoticeText notice={n} />
            </span>
            <button
              type="button"
              className="notice-dismiss"
              aria-label={t('notices.dismiss')}
              onClick={() => dismiss(n.id)}
            >
              <X size={14} aria-hidden />
            </button>
          </div>
        </Tip>
      ))}
    </div>
  );
}
