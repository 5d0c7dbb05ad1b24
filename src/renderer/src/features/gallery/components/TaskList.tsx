import { selectOnClick, useSelected } from '../../library';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, Star } from 'lucide-react';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useGalleryStore } from '../gallery-store';
import { formatDuration, formatWhen } from '../model/format';
import { useLoadMore } from '../hooks/use-load-more';
import { useGridFocus } from '../hooks/use-grid-focus';
import { usePressClick } from '../hooks/use-press-click';
import { useNow } from '../../../state/use-now';
import type { TaskActions } from '../hooks/use-task-actions';
import { ActionMenu } from './ActionMenu';
import { LiveStatus } from './LiveStatus';
import { TaskMedia } from './TaskMedia';
import type { ListProps } from './TaskGrid';
import { LazyTip } from '../../../ui/primitives';
import { useGalleryText } from '../hooks/use-gallery-text';

const ROW = 64;

/** The list view: one row per task with columns (the narrow ones hide as the panel narrows). */
export function TaskList({ items, total, actions, ...pager }: ListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const sort = useGalleryStore((s) => s.sort);
  const count = Math.max(items.length, pager.hasNextPage ? total : items.length);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  useLoadMore((rows.at(-1)?.index ?? 0) + 1, 40, { loaded: items.length, ...pager });
  const offset = virtualizer.scrollOffset ?? 0;
  const keys = useGridFocus({
    scroller,
    items,
    columns: 1,
    rowHeight: ROW,
    rendered: rows.flatMap((r) => (items[r.index] ? [items[r.index]?.id ?? ''] : [])),
    firstVisible: items[rows.find((r) => r.start + ROW / 2 >= offset)?.index ?? 0]?.id ?? null,
    item: 'row',
    scrollToRow: (index) => {
      // Rows sit below the sticky column header: a row scrolled to is shown whole, under it.
      const el = scroller.current;
      if (!el) return;
      const head = el.querySelector<HTMLElement>('.gl-list-head')?.offsetHeight ?? 0;
      const top = head + index * ROW;
      if (top - head < el.scrollTop) el.scrollTop = top - head;
      else if (top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW - el.clientHeight;
    },
  });
  return (
    <div ref={scroller} className="gl-scroll gl-list" data-testid="gallery-list" role="grid" aria-label={t('gallery.title')} aria-multiselectable onKeyDown={keys.onKeyDown} onFocus={keys.onFocus}>
      <div className="gl-list-head gl-list-cols" role="row">
        <span role="columnheader" aria-label={t('gallery.col.preview')} />
        <span role="columnheader">{t('gallery.col.prompt')}</span>
        <span role="columnheader" className="gl-col-status">{t('gallery.col.status')}</span>
        <span role="columnheader" className="gl-col-created" aria-sort={sort === 'newest' ? 'descending' : 'ascending'}>
          <button
            className="gl-sort"
            onClick={() => useGalleryStore.getState().set({ sort: sort === 'newest' ? 'oldest' : 'newest' })}
          >
            {t('gallery.col.created')} {sort === 'newest' ? <ArrowDown size={12} /> : <ArrowUp size={12} />}
          </button>
        </span>
        <span role="columnheader" className="gl-col-duration">{t('gallery.col.duration')}</span>
        <span role="columnheader" className="gl-col-points">{t('gallery.col.points')}</span>
        <span role="columnheader" aria-label={t('gallery.col.actions')} />
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const task = items[row.index];
          return (
            <div
              key={row.key}
              className="gl-list-slot"
              style={{ transform: `translateY(${row.start}px)`, height: ROW }}
            >
              {task ? <TaskRow task={task} actions={actions} tabbable={task.id === keys.tabStop} /> : <div className="gl-list-row gl-skeleton" />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** One task as a row; `tabbable`: the list's one Tab stop (arrow keys move it, useGridFocus), with its buttons. */
const TaskRow = memo(function TaskRow({ task, actions, tabbable }: { task: TaskSummary; actions: TaskActions; tabbable: boolean }) {
  const { t, language } = useGalleryText();
  const [live, setLive] = useState(false);
  const now = useNow(false);
  const selected = useSelected(task.id);
  const press = usePressClick((e) => selectOnClick(e, task.id) || actions.open(task, 0));
  const duration =
    task.finishedAt !== null && task.submittedAt !== null
      ? formatDuration(task.finishedAt - task.submittedAt)
      : '—';
  return (
    <div
      className={`gl-list-row gl-list-cols${selected ? ' lb-selected' : ''}`}
      aria-selected={selected}
      data-testid="task-row"
      data-task-id={task.id}
      data-status={task.status}
      {...press}
      onKeyDown={(e) => {
        // The row's own keys only: Enter or Space on its star or its menu button is theirs.
        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ') || e.ctrlKey || e.metaKey) return;
        e.preventDefault();
        actions.open(task, 0);
      }}
      onPointerEnter={live ? undefined : () => setLive(true)}
      onFocus={live ? undefined : () => setLive(true)}
      role="row"
      tabIndex={tabbable ? 0 : -1}
    >
      <div className="gl-row-thumb" role="gridcell">
        <TaskMedia task={task} />
      </div>
      <div className="gl-row-main" role="gridcell">
        <LazyTip live={live} label={task.prompt}>
          <span className="gl-row-prompt">
            {task.prompt}
          </span>
        </LazyTip>
        <span className="gl-row-meta">
          {t(`op.${task.operationId}.label`, { defaultValue: task.operationId })} · {task.model}
          {task.demo && <span className="gl-badge demo inline">{t('gallery.demo')}</span>}
        </span>
      </div>
      <div className="gl-col-status" role="gridcell">
        {task.status === 'succeeded' && !task.results.some((r) => r.state === 'failed') ? (
          <span className="gl-status-pill ok">{t('gallery.live.succeeded')}</span>
        ) : (
          <LiveStatus task={task} compact live={live} />
        )}
      </div>
      <LazyTip live={live} label={new Date(task.createdAt).toLocaleString(language)}>
        <span className="gl-col-created muted" role="gridcell">
          {formatWhen(task.createdAt, now || Date.now(), language)}
        </span>
      </LazyTip>
      <span className="gl-col-duration muted" role="gridcell">{duration}</span>
      <span className="gl-col-points muted" role="gridcell">{task.points ?? '—'}</span>
      <div className="gl-row-actions" role="gridcell">
        <button
          className={`icon-btn gl-row-star${task.favourite ? ' on' : ''}`}
          aria-label={task.favourite ? t('gallery.action.unfavourite') : t('gallery.action.favourite')}
          aria-pressed={task.favourite}
          tabIndex={tabbable ? 0 : -1}
          onClick={(e) => {
            e.stopPropagation();
            void actions.favourite(task);
          }}
        >
          <Star size={15} fill={task.favourite ? 'currentColor' : 'none'} />
        </button>
        <ActionMenu task={task} index={0} actions={actions} live={live} tabbable={tabbable} />
      </div>
    </div>
  );
});
