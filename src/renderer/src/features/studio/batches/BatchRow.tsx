import { ChevronDown, ChevronRight, Columns2, Layers, RotateCw, Square, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchGroup } from '../../../../../shared/domain/studio';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { isTerminal } from '../../../../../shared/domain/terminal';
import { useBridge } from '../../../bridge/bridge-context';
import { ConfirmDialog, Tip } from '../../../ui/primitives';
import { TaskMedia, useGalleryStore, useSelectionStore } from '../../gallery';
import { selectOnClick } from '../../library';
import { useStudioStore } from '../studio-store';
import { batchProgress } from './batch-progress';

/** One batch: its progress (failed counted apart), Compare / Stop all / Retry failed / Delete all, and its members. */
export function BatchRow({ batch, open, onToggle }: { batch: BatchGroup; open: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const toast = useGalleryStore((s) => s.toast);
  const selected = useSelectionStore((s) => s.ids);
  const [askDelete, setAskDelete] = useState(false);
  const members = batch.members.filter((m) => !m.rejected);
  const p = batchProgress(members, batch.size, batch.members.length - members.length);
  const models = [...new Set(members.map((m) => m.model))];
  const each = async (list: TaskSummary[], fn: (m: TaskSummary) => Promise<unknown>) => {
    const results = await Promise.allSettled(list.map(fn));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) toast(String(failed.reason instanceof Error ? failed.reason.message : failed.reason), 'error');
  };
  const failedMembers = members.filter((m) => m.status === 'failed' || m.status === 'cancelled' || m.status === 'unknown');
  const inFlight = members.filter((m) => !isTerminal(m.status) && m.status !== 'unknown');
  const comparable = members.filter((m) => m.status === 'succeeded' && m.results[0]?.state === 'done').slice(0, 4);
  return (
    <div className={`st-batch${open ? ' open' : ''}`} data-testid="batch-group" data-batch-id={batch.id} data-size={batch.size}>
      <div className="st-batch-head">
        <button type="button" className="st-batch-toggle" aria-expanded={open} aria-label={open ? t('studio.batch.collapse') : t('studio.batch.expand')} onClick={onToggle} data-testid="batch-toggle">
          {open ? <ChevronDown size={15} /> : <ChevronRight size={15} />}
          <Layers size={14} />
          <span className="st-batch-title">
            {t('studio.batch.group', { count: batch.size, operation: t(`op.${batch.operationId}.label`, { defaultValue: batch.operationId }) })}
            {models.length > 1 && <span className="st-batch-models"> · {models.join(', ')}</span>}
          </span>
        </button>
        <span className="st-batch-progress" data-testid="batch-progress">
          {t('studio.batch.progress', { done: p.done, total: p.total })}
          {p.failed > 0 && <span className="st-bad">, {t('studio.batch.failed', { count: p.failed })}</span>}
        </span>
        <span className="st-bar" aria-hidden>
          <span style={{ width: `${Math.round(p.fraction * 100)}%` }} />
        </span>
        <span className="st-batch-actions">
          <button type="button" className="btn btn-sm btn-ghost" disabled={comparable.length < 2} data-testid="batch-compare" onClick={() => useStudioStore.getState().openCompare(comparable.map((m) => m.id))}>
            <Columns2 size={14} /> {t('studio.batch.compare')}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" disabled={inFlight.length === 0} data-testid="batch-stop" onClick={() => void each(inFlight, (m) => bridge.call('stopTracking', { id: m.id }))}>
            <Square size={13} /> {t('studio.batch.stopAll')}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" disabled={failedMembers.length === 0} data-testid="batch-retry" onClick={() => void each(failedMembers, (m) => bridge.call('rerunTask', { id: m.id, intoBatch: true }))}>
            <RotateCw size={13} /> {t('studio.batch.retryFailed')}
          </button>
          <button type="button" className="btn btn-sm btn-ghost danger" data-testid="batch-delete" onClick={() => setAskDelete(true)}>
            <Trash2 size={13} /> {t('studio.batch.deleteAll')}
          </button>
        </span>
      </div>
      {open && (
        <div className="st-batch-members">
          {members.map((m, i) => (
            <Tip key={m.id} label={`${m.model} · ${t(`gallery.live.${m.status}`)}`}>
              <button
                type="button"
                className={`st-member gl-status-${m.status}${selected.has(m.id) ? ' gl-selected lb-selected' : ''}`}
                // Its place first: members of one model and state had the same name ("3.0 · Done" three times).
                aria-label={`${i + 1}/${members.length} · ${m.model} · ${t(`gallery.live.${m.status}`)}`}
                data-task-id={m.id}
                data-testid="batch-member"
                data-status={m.status}
                onClick={(e) => selectOnClick(e, m.id) || useGalleryStore.getState().set({ lightbox: { taskId: m.id, index: 0 } })}
              >
                <TaskMedia task={m} />
                <span className="st-member-label">{m.model.replace(/^[a-z]+_/, '')}</span>
              </button>
            </Tip>
          ))}
        </div>
      )}
      {askDelete && (
        <ConfirmDialog
          tone="danger"
          icon={<Trash2 size={20} />}
          title={t('studio.batch.deleteAllTitle')}
          body={t('studio.batch.confirmDeleteAll', { count: batch.members.length })}
          cancelLabel={t('studio.batch.cancel')}
          confirmLabel={t('studio.batch.deleteAll')}
          testId="batch-delete-confirm"
          cancelTestId="batch-delete-cancel"
          confirmTestId="batch-delete-yes"
          onCancel={() => setAskDelete(false)}
          onConfirm={() => {
            setAskDelete(false);
            void each(batch.members, (m) => bridge.call('deleteTask', { id: m.id, deleteFiles: true }));
          }}
        />
      )}
    </div>
  );
}
