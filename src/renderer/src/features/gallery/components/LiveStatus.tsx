import { AlertTriangle, Ban, CircleAlert, Clock, Download, FilePen, Hourglass, Loader2, RefreshCw, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { formatBytes, formatDuration } from '../model/format';
import { useLiveStatus, type LiveStatus as Live } from '../hooks/use-live-status';
import { useRetryCountdown } from '../hooks/use-retry-countdown';
import { LazyTip } from '../../../ui/primitives';
import { useGalleryText } from '../hooks/use-gallery-text';
import { WaitingLine } from '../../queue';

const ICONS: Partial<Record<Live['label'], ReactNode>> = {
  waiting: <Hourglass size={14} />,
  submitting: <Loader2 size={14} className="gl-spin" />,
  queued: <Hourglass size={14} />,
  rateLimited: <Clock size={14} />,
  running: <Loader2 size={14} className="gl-spin" />,
  downloading: <Download size={14} />,
  failed: <CircleAlert size={14} />,
  cancelled: <Ban size={14} />,
  unknown: <AlertTriangle size={14} />,
  notSent: <FilePen size={14} />,
  stalled: <AlertTriangle size={14} />,
  downloadFailed: <AlertTriangle size={14} />,
};

export function ProgressBar({ percent, estimated }: { percent: number | null; estimated?: boolean }) {
  return (
    <div className={`gl-progress${percent === null ? ' indeterminate' : ''}${estimated ? ' estimated' : ''}`} role="progressbar" aria-valuenow={percent === null ? undefined : Math.round(percent)} aria-valuemin={0} aria-valuemax={100}>
      <span style={percent === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
}

/**
 * Where a task is, in words and numbers: status, elapsed time, the gateway's or our estimated percentage,
 * download bytes, the rate-limit wait, or the failure reason. `compact` for list rows.
 */
export function LiveStatus({ task, compact = false, live = true, tabbable = true, onCheck, onRetry }: { task: TaskSummary; compact?: boolean; /** Build the error's tooltip (see LazyTip). */ live?: boolean; /** Its buttons in the Tab order (false in a gallery tile that is not the grid's Tab stop). */ tabbable?: boolean; onCheck?: () => void; onRetry?: () => void }) {
  const { t } = useGalleryText();
  const s = useLiveStatus(task);
  // Core's download retry note, counting down to the next attempt, said in the user's language.
  const retry = useRetryCountdown(task);
  if (s.label === 'succeeded') return null;
  const pct = s.percent === null ? null : `${s.estimated ? '~' : ''}${Math.floor(s.percent)}%`;
  const detail =
    s.label === 'rateLimited'
      ? t('gallery.live.rateLimitedFor', { seconds: s.rateLimitSeconds })
      : s.label === 'downloading' && s.bytes
        ? `${formatBytes(s.bytes.received)} / ${formatBytes(s.bytes.total)}`
        : s.live
          ? formatDuration(s.elapsedMs)
          : null;
  return (
    <div className={`gl-live gl-live-${s.label}${compact ? ' compact' : ''}`} data-testid="live-status" data-status={task.status}>
      <div className="gl-live-head">
        {ICONS[s.label]}
        <span className="gl-live-label">{t(`gallery.live.${s.label}`)}</span>
        {pct && <span className="gl-live-pct">{pct}</span>}
      </div>
      {s.label === 'waiting' && (
        <div className="gl-live-sub">
          <WaitingLine taskId={task.id} />
        </div>
      )}
      {(s.label === 'running' || s.label === 'downloading' || s.label === 'submitting' || (s.label === 'queued' && s.percent !== null)) && <ProgressBar percent={s.label === 'submitting' ? null : s.percent} estimated={s.estimated} />}
      {(detail || (s.overdue && s.live) || retry) && (
        <div className="gl-live-sub">
          {detail && <span className="gl-live-detail">{detail}</span>}
          {s.overdue && s.live && <span className="gl-live-note">{t('gallery.live.overdue')}</span>}
          {retry && s.label === 'downloading' && (
            <span className="gl-live-note" data-testid="download-retry">
              {retry.seconds > 0
                ? t('gallery.live.retrying', { seconds: retry.seconds, attempt: retry.attempt })
                : t('gallery.live.retryingNow', { attempt: retry.attempt })}
            </span>
          )}
        </div>
      )}
      {!compact && task.error && (s.label === 'failed' || s.label === 'downloadFailed') && <LazyTip live={live} label={task.error}><div className="gl-live-error">{task.error}</div></LazyTip>}
      {!compact && s.label === 'unknown' && <div className="gl-live-note">{t('gallery.live.unknownNote')}</div>}
      {!compact && s.label === 'notSent' && <div className="gl-live-note">{t('gallery.live.notSentNote')}</div>}
      {!compact && s.label === 'notSent' && onCheck && (
        <button
          className="gl-chip-btn"
          tabIndex={tabbable ? 0 : -1}
          data-testid="send-now"
          onClick={(e) => {
            e.stopPropagation();
            onCheck();
          }}
        >
          <Send size={13} /> {t('gallery.action.sendNow')}
        </button>
      )}
      {!compact && (s.label === 'unknown' || s.label === 'stalled') && onCheck && (
        <button
          className="gl-chip-btn"
          tabIndex={tabbable ? 0 : -1}
          onClick={(e) => {
            e.stopPropagation();
            onCheck();
          }}
        >
          <RefreshCw size={13} /> {t('gallery.action.checkAgain')}
        </button>
      )}
      {!compact && s.label === 'downloadFailed' && onRetry && (
        <button
          className="gl-chip-btn"
          tabIndex={tabbable ? 0 : -1}
          onClick={(e) => {
            e.stopPropagation();
            onRetry();
          }}
        >
          <RefreshCw size={13} /> {t('gallery.action.retryDownload')}
        </button>
      )}
    </div>
  );
}
