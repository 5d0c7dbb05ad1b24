import { Film, Layers, Star } from 'lucide-react';
import { memo, useState } from 'react';
import type { TaskSummary } from '../../../../../shared/domain/task';
import type { TaskActions } from '../hooks/use-task-actions';
import { ActionMenu } from './ActionMenu';
import { LiveStatus } from './LiveStatus';
import { TaskMedia } from './TaskMedia';
import { selectOnClick, useSelected } from '../../library';
import './tile-overlays.css';
import { LazyTip } from '../../../ui/primitives';
import { useGalleryText } from '../hooks/use-gallery-text';
import { MemberBadge } from '../../team';
import { usePressClick } from '../hooks/use-press-click';

/**
 * One task in the grid: its first result, a status overlay while it is not done, actions on hover. Its
 * tooltips and its menu are built when the pointer or the focus first comes to it (`live`): until then they
 * are their plain elements (issue 31: a screen of tiles mounts at every search and during a fling). One
 * mounted during a fling has no hover controls until the scroll stops.
 */
export const TaskTile = memo(function TaskTile({
  task,
  actions,
  scrolling = false,
  fling = false,
  member,
  tabbable = true,
}: {
  task: TaskSummary;
  actions: TaskActions;
  /** The grid's one Tab stop (arrow keys move it, TaskGrid): it and its buttons are in the Tab order. */
  tabbable?: boolean;
  scrolling?: boolean;
  /** The grid is being flung: the picture is not asked for until it slows down (hooks/fling.ts). */
  fling?: boolean;
  /** Who made it (team mode only). */
  member?: string | undefined;
}) {
  const { t } = useGalleryText();
  const [live, setLive] = useState(false);
  // The hover controls (star, menu, prompt foot: unseen until hover or focus) are left out of a tile mounted
  // during a fling, which mostly flies past; it gets them when the scroll stops (issue 31, scroll).
  const [settled, setSettled] = useState(!scrolling);
  if (!scrolling && !settled) setSettled(true);
  const controls = settled || live;
  const done = task.status === 'succeeded' && !task.results.some((r) => r.state === 'failed');
  const first = task.results[0];
  const selected = useSelected(task.id);
  const press = usePressClick((e) => selectOnClick(e, task.id) || actions.open(task, 0));
  return (
    <div
      className={`gl-tile gl-status-${task.status}${selected ? ' lb-selected' : ''}`}
      aria-selected={selected}
      data-testid="task-tile"
      data-task-id={task.id}
      data-status={task.status}
      // A cell of the gallery grid (it holds buttons of its own, so it is no button itself); Enter opens it.
      role="gridcell"
      tabIndex={tabbable ? 0 : -1}
      // A task with no prompt (an expansion, an avatar) is named by what made it, not by nothing.
      aria-label={task.prompt.trim() || `${t(`op.${task.operationId}.label`)} · ${task.model}`}
      onPointerEnter={live ? undefined : () => setLive(true)}
      onFocus={live ? undefined : () => setLive(true)}
      {...press}
      onKeyDown={(e) => {
        // The tile's own keys only: Enter or Space on its star or its menu button is theirs, not an "open".
        if (e.target !== e.currentTarget) return;
        // Ctrl/⌘+Space is the grid's (select, use-grid-focus).
        if ((e.key === 'Enter' || e.key === ' ') && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          actions.open(task, 0);
        }
      }}
    >
      <TaskMedia task={task} hoverPlay scrolling={scrolling} fling={fling} />
      {!done && (
        <div className="gl-tile-status">
          <LiveStatus
            task={task}
            live={live}
            tabbable={tabbable}
            onCheck={() => void actions.checkAgain(task)}
            onRetry={() => void actions.retryDownload(task)}
          />
        </div>
      )}
      {member && (
        <div className="gl-tile-member">
          <MemberBadge member={member} />
        </div>
      )}
      <div className={`gl-tile-badges${member ? ' with-member' : ''}`}>
        {first?.kind === 'video' && done && (
          <LazyTip live={live} label={t('gallery.kind.video')}>
            <span className="gl-badge">
              <Film size={12} />
            </span>
          </LazyTip>
        )}
        {task.results.length > 1 && (
          <LazyTip live={live} label={t('gallery.results', { count: task.results.length })}>
            <span className="gl-badge">
              <Layers size={12} /> {task.results.length}
            </span>
          </LazyTip>
        )}
        {task.demo && <span className="gl-badge demo">{t('gallery.demo')}</span>}
      </div>
      {(controls || task.favourite) && (
      <button
        className={`gl-star${task.favourite ? ' on' : ''}`}
        aria-label={task.favourite ? t('gallery.action.unfavourite') : t('gallery.action.favourite')}
        aria-pressed={task.favourite}
        tabIndex={tabbable ? 0 : -1}
        data-testid="favourite"
        onClick={(e) => {
          e.stopPropagation();
          void actions.favourite(task);
        }}
      >
        <Star size={15} fill={task.favourite ? 'currentColor' : 'none'} />
      </button>
      )}
      {controls && task.status !== 'succeeded' && (
        // Queued, running, failed, stalled… tiles get the same menu as their list row (stop, delete, copy error),
        // in the corner, because their status overlay takes the foot.
        <div className="gl-tile-corner">
          <ActionMenu task={task} index={0} actions={actions} live={live} tabbable={tabbable} />
        </div>
      )}
      {controls && task.status === 'succeeded' && (
        <div className="gl-tile-foot">
          <span className="gl-tile-prompt">{task.prompt}</span>
          <ActionMenu task={task} index={0} actions={actions} live={live} tabbable={tabbable} />
        </div>
      )}
    </div>
  );
});

export function SkeletonTile() {
  return <div className="gl-tile gl-skeleton" role="gridcell" aria-busy />;
}
