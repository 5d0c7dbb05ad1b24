import '../library.css';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GitBranch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LineageLink } from '../../../../../shared/domain/library';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { TaskMedia } from '../../gallery';
import { useGalleryStore } from '../../gallery';
import { formatTime } from '../chain/capture-frame';
import { Tip } from '../../../ui/primitives';
import { queryKeys } from '../../../state/query-keys';

const open = (id: string, index = 0) => useGalleryStore.getState().set({ lightbox: { taskId: id, index } });

/** An operation in words (the catalog's label in the current language), never its id. */
function useOperationName(): (operationId: string) => string {
  const { t, i18n } = useTranslation();
  return (operationId) =>
    i18n.exists(`op.${operationId}.label`) ? t(`op.${operationId}.label`) : t('library.lineage.otherOperation');
}

/**
 * One linked task. `side` says which way the link points: a parent is what this task was made from ("frame
 * at 1.5 s"), a child used this task ("used its frame at 1.5 s").
 */
function LinkCard({ link, testId, side }: { link: LineageLink; testId: string; side: 'parent' | 'child' }) {
  const { t } = useTranslation();
  const operationName = useOperationName();
  const kind = t(`library.lineage.${side === 'parent' ? 'kind' : 'usedKind'}.${link.kind}`, {
    time: formatTime((link.frameMs ?? 0) / 1000),
  });
  if (!link.task)
    return (
      <div className="lb-link gone" data-testid={testId} data-task-id={link.taskId}>
        <div className="lb-link-thumb" />
        <span className="lb-link-kind">{kind}</span>
        <span className="muted">{t('library.lineage.gone')}</span>
      </div>
    );
  const task = link.task;
  const operation = operationName(task.operationId);
  return (
    <Tip label={t('library.lineage.open', { prompt: task.prompt ? `${operation}: ${task.prompt}` : operation })}>
      <button
        type="button"
        className="lb-link"
        data-testid={testId}
        data-task-id={task.id}
        onClick={() => open(task.id, link.index ?? 0)}
      >
        <div className="lb-link-thumb">
          <TaskMedia task={task} index={Math.min(link.index ?? 0, Math.max(0, task.results.length - 1))} />
        </div>
        <span className="lb-link-kind">{kind}</span>
        <span className="lb-link-text">
          <span className="lb-link-op" data-testid="lineage-operation">
            {operation}
          </span>
          {task.prompt && <span className="lb-link-prompt">{task.prompt}</span>}
        </span>
      </button>
    </Tip>
  );
}

/** "Made from" and "used by" with thumbnails (click to open), and the chain through this task as one strip. */
export function LineagePanel({ task }: { task: TaskSummary }) {
  const { t } = useTranslation();
  const operationName = useOperationName();
  const bridge = useBridge();
  const q = useQuery({
    queryKey: queryKeys.lineage(task.id, task.updatedAt),
    queryFn: () => bridge.call('getLineage', { id: task.id }),
    // "Used by" grows when another task is made from this one, which changes nothing on this task itself:
    // read it afresh each time the panel opens (one small query).
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const data = q.data;
  if (!data) return null;
  return (
    <section className="lb-lineage" data-testid="lineage">
      <h4>
        <GitBranch size={14} /> {t('library.lineage.title')}
      </h4>
      <div className="lb-lineage-group" data-testid="made-from">
        <span className="lb-lineage-label">
          <ArrowUp size={13} /> {t('library.lineage.madeFrom')}
        </span>
        {data.parents.length === 0 ? (
          <span className="muted small">{t('library.lineage.none')}</span>
        ) : (
          data.parents.map((p, i) => <LinkCard key={`${p.taskId}-${i}`} link={p} testId="made-from-item" side="parent" />)
        )}
      </div>
      <div className="lb-lineage-group" data-testid="used-by">
        <span className="lb-lineage-label">
          <ArrowDown size={13} /> {t('library.lineage.usedBy')}
        </span>
        {data.children.length === 0 ? (
          <span className="muted small">{t('library.lineage.none')}</span>
        ) : (
          data.children.map((c, i) => <LinkCard key={`${c.taskId}-${i}`} link={c} testId="used-by-item" side="child" />)
        )}
      </div>
      {data.chain.length > 1 && (
        <div className="lb-chain" data-testid="chain-strip">
          <span className="lb-lineage-label">{t('library.lineage.chain')}</span>
          <ol>
            {data.chain.map((c, i) => (
              <li key={c.id}>
                <Tip label={c.prompt ? `${operationName(c.operationId)}: ${c.prompt}` : operationName(c.operationId)}>
                  <button
                    type="button"
                    className={`lb-chain-item${c.id === task.id ? ' on' : ''}`}
                    data-testid="chain-item"
                    data-task-id={c.id}
                    aria-current={c.id === task.id}
                    onClick={() => open(c.id)}
                  >
                    <TaskMedia task={c} />
                    <span className="lb-chain-n">{i + 1}</span>
                  </button>
                </Tip>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
