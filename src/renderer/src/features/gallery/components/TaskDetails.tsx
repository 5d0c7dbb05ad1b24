import { Copy, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaskDetail, TaskSummary } from '../../../../../shared/domain/task';
import { formatBytes, formatDateTime, formatDuration } from '../model/format';
import type { TaskActions } from '../hooks/use-task-actions';
import { ActionMenu } from './ActionMenu';
import { LiveStatus } from './LiveStatus';
import { ParamsTable } from './ValueView';
import { QuickActions } from './QuickActions';
import { FrameActions } from '../../library';
import { LineagePanel } from '../../library';
import { Tip } from '../../../ui/primitives';
import { eventText } from '../model/event-text';
import { TaskMember } from '../../team';

/** The lightbox's side panel: prompt, state, parameters, timings, ids and the raw gateway response. */
export function TaskDetails({
  task,
  detail,
  index,
  actions,
}: {
  task: TaskSummary;
  detail: TaskDetail | undefined;
  index: number;
  actions: TaskActions;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const result = task.results[index];
  // A synchronous edit is answered by the submission itself: its whole time is the generation.
  const sync = task.family === 'imageEdit';
  const queuedMs = task.submittedAt !== null && !sync ? task.submittedAt - task.createdAt : null;
  const totalMs =
    task.finishedAt === null
      ? null
      : sync
        ? task.finishedAt - task.createdAt
        : task.submittedAt !== null
          ? task.finishedAt - task.submittedAt
          : null;
  return (
    <aside className="gl-details" data-testid="lightbox-details">
      <div className="gl-details-top">
        <div className="gl-details-title">
          <span className="gl-details-op">
            {t(`op.${task.operationId}.label`, { defaultValue: task.operationId })}
          </span>
          <span className="muted">{task.model}</span>
          {task.demo && <span className="gl-badge demo inline">{t('gallery.demo')}</span>}
          <TaskMember id={task.id} />
        </div>
        <button
          className={`icon-btn gl-row-star${task.favourite ? ' on' : ''}`}
          aria-pressed={task.favourite}
          aria-label={t('gallery.action.favourite')}
          onClick={() => void actions.favourite(task)}
        >
          <Star size={16} fill={task.favourite ? 'currentColor' : 'none'} />
        </button>
        <ActionMenu task={task} index={index} actions={actions} live />
      </div>
      <QuickActions task={task} index={index} actions={actions} />
      <FrameActions task={task} index={index} />
      <LiveStatus
        task={task}
        onCheck={() => void actions.checkAgain(task)}
        onRetry={() => void actions.retryDownload(task)}
      />

      <section>
        <h4>
          {t('gallery.details.prompt')}
          <button
            className="icon-btn gl-mini"
            aria-label={t('gallery.action.copyPrompt')}
            onClick={() => void actions.copyPrompt(task)}
          >
            <Copy size={13} />
          </button>
        </h4>
        <p className="gl-prompt" data-testid="lightbox-prompt">
          {task.prompt || <span className="muted">—</span>}
        </p>
      </section>

      <LineagePanel task={task} />

      {detail && (
        <section>
          <h4>{t('gallery.details.parameters')}</h4>
          <ParamsTable operationId={task.operationId} values={detail.values} />
          {Object.keys(detail.extra).length > 0 && (
            <pre className="gl-json small">{JSON.stringify(detail.extra, null, 2)}</pre>
          )}
        </section>
      )}

      <section>
        <h4>{t('gallery.details.timings')}</h4>
        <dl className="gl-params">
          <div>
            <dt>{t('gallery.details.created')}</dt>
            <dd>{formatDateTime(task.createdAt, lang)}</dd>
          </div>
          <div>
            <dt>{t('gallery.details.submitted')}</dt>
            <dd>{formatDateTime(task.submittedAt, lang)}</dd>
          </div>
          <div>
            <dt>{t('gallery.details.finished')}</dt>
            <dd>{formatDateTime(task.finishedAt, lang)}</dd>
          </div>
          {queuedMs !== null && queuedMs > 1000 && (
            <div>
              <dt>{t('gallery.details.beforeSubmit')}</dt>
              <dd>{formatDuration(queuedMs)}</dd>
            </div>
          )}
          {totalMs !== null && (
            <div>
              <dt>{t('gallery.details.duration')}</dt>
              <dd>{formatDuration(totalMs)}</dd>
            </div>
          )}
          {task.points !== null && (
            <div>
              <dt>{t('gallery.details.points')}</dt>
              <dd>{task.points}</dd>
            </div>
          )}
        </dl>
      </section>

      <section>
        <h4>{t('gallery.details.ids')}</h4>
        <dl className="gl-params mono">
          <div>
            <dt>{t('gallery.details.taskId')}</dt>
            <dd data-testid="lightbox-task-id">{task.id}</dd>
          </div>
          <div>
            <dt>{t('gallery.details.remoteId')}</dt>
            <dd>{task.remoteId ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('gallery.details.status')}</dt>
            {/* The gateway's own word for it is in the raw response (and the tooltip), not repeated here. */}
            <Tip label={task.rawStatus ?? undefined}>
              <dd data-testid="lightbox-status">
                {t(`gallery.live.${task.status}`)}
              </dd>
            </Tip>
          </div>
          {result && (
            <div>
              <dt>{t('gallery.details.file')}</dt>
              <Tip label={result.file ?? result.remoteUrl ?? ''}>
                <dd>
                  {result.file ?? '—'} · {formatBytes(result.bytesTotal ?? result.bytesReceived)}
                </dd>
              </Tip>
            </div>
          )}
        </dl>
      </section>

      {detail && detail.events.length > 0 && (
        <details className="gl-collapsible">
          <summary>{t('gallery.details.events', { count: detail.events.length })}</summary>
          <ol className="gl-events">
            {detail.events.map((e, i) => (
              <li key={i}>
                <time>{new Date(e.at).toLocaleTimeString(lang)}</time> {eventText(t, e.message)}
              </li>
            ))}
          </ol>
        </details>
      )}
      {detail && (
        <details className="gl-collapsible" data-testid="raw-response">
          <summary>{t('gallery.details.raw')}</summary>
          <pre className="gl-json">{JSON.stringify(detail.lastRawResponse, null, 2) ?? 'null'}</pre>
        </details>
      )}
    </aside>
  );
}
