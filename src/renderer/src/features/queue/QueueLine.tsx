import { GripVertical, X } from 'lucide-react';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueTask } from '../../../../shared/domain/queue';
import { useNow } from '../../state/use-now';
import { ClippedText, Tip } from '../../ui/primitives';
import { waitText } from './model/wait-text';
import { useCancelQueued, useMoveQueued } from './use-queue';

type Move = { kind: 'next' } | { kind: 'last' } | { kind: 'before'; beforeId: string | null };

/**
 * One profile's waiting line: drag a row to reorder, or focus it (↑/↓) and press Alt+↑ / Alt+↓; Delete
 * cancels; "Send next", "Send last" and "Cancel" are buttons. Every move is core's (moveQueued): the list
 * shows what core answers, never a local guess.
 */
export function QueueLine({ tasks, at, announce }: { tasks: QueueTask[]; at: number; announce: (text: string) => void }) {
  const { t } = useTranslation();
  const now = useNow(tasks.length > 0);
  const move = useMoveQueued();
  const cancel = useCancelQueued();
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<{ id: string; after: boolean } | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());

  const moveTo = (task: QueueTask, to: Move, place: number) =>
    move.mutate({ id: task.id, to }, { onSuccess: () => announce(t('queue.moved', { prompt: task.prompt.slice(0, 40), place })) });
  const cancelOne = (task: QueueTask, index: number) => {
    cancel.mutate({ id: task.id }, { onSuccess: (r) => announce(t('queue.cancelled', { count: r.cancelled.length })) });
    // Focus stays in the line: on the row that takes this one's place.
    const next = tasks[index + 1] ?? tasks[index - 1];
    if (next) rows.current.get(next.id)?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, task: QueueTask, index: number) => {
    if (e.target !== e.currentTarget) return;
    const focus = (i: number) => {
      const id = tasks[i]?.id;
      if (id) rows.current.get(id)?.focus();
    };
    if (e.key === 'ArrowUp' && e.altKey) {
      e.preventDefault();
      if (index > 0) moveTo(task, { kind: 'before', beforeId: tasks[index - 1]!.id }, index);
    } else if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      if (index < tasks.length - 1) moveTo(task, { kind: 'before', beforeId: tasks[index + 2]?.id ?? null }, index + 2);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focus(index - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      focus(index + 1);
    } else if (e.key === 'Delete') {
      e.preventDefault();
      cancelOne(task, index);
    }
  };

  const onDrop = (e: DragEvent<HTMLLIElement>, target: QueueTask, index: number) => {
    e.preventDefault();
    const id = e.dataTransfer.getData('text/x-atelier-queued') || dragging;
    setDragging(null);
    setOver(null);
    const task = tasks.find((x) => x.id === id);
    if (!task || task.id === target.id) return;
    const box = e.currentTarget.getBoundingClientRect();
    const after = e.clientY > box.top + box.height / 2;
    const beforeId = after ? (tasks[index + 1]?.id ?? null) : target.id;
    if (beforeId === task.id) return;
    moveTo(task, { kind: 'before', beforeId }, after ? index + 2 : index + 1);
  };

  if (tasks.length === 0) return <p className="queue-empty">{t('queue.empty')}</p>;
  return (
    <ol className="queue-line" data-testid="queue-waiting">
      {tasks.map((task, index) => {
        const etaMs = task.etaMs === null ? null : Math.max(0, task.etaMs - (now - at));
        return (
          <li
            key={task.id}
            ref={(el) => {
              if (el) rows.current.set(task.id, el);
              else rows.current.delete(task.id);
            }}
            className={`queue-row${dragging === task.id ? ' dragging' : ''}${over?.id === task.id ? (over.after ? ' drop-after' : ' drop-before') : ''}`}
            tabIndex={0}
            draggable
            aria-label={`${task.position ?? ''}. ${task.prompt}`}
            aria-describedby="queue-move-hint"
            data-testid="queue-row"
            data-task-id={task.id}
            data-position={task.position ?? ''}
            onKeyDown={(e) => onKey(e, task, index)}
            onDragStart={(e) => {
              e.dataTransfer.setData('text/x-atelier-queued', task.id);
              e.dataTransfer.effectAllowed = 'move';
              setDragging(task.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              const box = e.currentTarget.getBoundingClientRect();
              setOver({ id: task.id, after: e.clientY > box.top + box.height / 2 });
            }}
            onDrop={(e) => onDrop(e, task, index)}
          >
            <GripVertical size={14} className="queue-grip" aria-hidden />
            <span className="queue-pos" aria-hidden>
              {task.position}
            </span>
            <span className="queue-main">
              <ClippedText className="queue-prompt" text={task.prompt || task.model} />
              <span className="queue-meta" data-testid="queue-row-wait">
                {task.model}
                {task.batchId ? ` · ${t('queue.batch')}` : ''} · {waitText({ ...task, etaMs }, now, t)}
              </span>
            </span>
            <span className="queue-actions">
              <button type="button" className="queue-btn" data-testid="queue-send-next" disabled={index === 0} onClick={() => moveTo(task, { kind: 'next' }, 1)}>
                {t('queue.sendNext')}
              </button>
              <button type="button" className="queue-btn" data-testid="queue-send-last" disabled={index === tasks.length - 1} onClick={() => moveTo(task, { kind: 'last' }, tasks.length)}>
                {t('queue.sendLast')}
              </button>
              {task.batchId && (
                <button
                  type="button"
                  className="queue-btn"
                  data-testid="queue-cancel-batch"
                  onClick={() => cancel.mutate({ batchId: task.batchId ?? '' }, { onSuccess: (r) => announce(t('queue.cancelled', { count: r.cancelled.length })) })}
                >
                  {t('queue.cancelBatch')}
                </button>
              )}
              <Tip label={t('queue.cancel')}>
                <button type="button" className="queue-btn icon" data-testid="queue-cancel" aria-label={`${t('queue.cancel')}: ${task.prompt.slice(0, 60)}`} onClick={() => cancelOne(task, index)}>
                  <X size={14} aria-hidden />
                </button>
              </Tip>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
