import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import type { TileSize } from '../gallery-store';
import { useElementWidth } from '../hooks/use-element-width';
import { useLoadMore } from '../hooks/use-load-more';
import { useFling } from '../hooks/fling';
import { useGridFocus } from '../hooks/use-grid-focus';
import type { TaskActions } from '../hooks/use-task-actions';
import { SkeletonTile, TaskTile } from './TaskTile';
import { useTaskMembers } from '../../team';

const MIN_TILE: Record<TileSize, number> = { s: 104, m: 150, l: 220 };
const GAP = 8;
const PAD = 12;

export interface ListProps {
  items: TaskSummary[];
  /** All matching tasks (the scrollbar covers them all; unloaded ones show as skeletons). */
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  actions: TaskActions;
}

/**
 * The uniform grid: rows of square tiles, virtualised by row, so 10,000 tasks cost what one screen costs.
 * Columns follow the panel's width and the chosen tile size.
 */
export function TaskGrid({ items, total, tileSize, actions, ...pager }: ListProps & { tileSize: TileSize }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scroller);
  const inner = Math.max(0, width - 2 * PAD);
  const columns = Math.max(1, Math.floor((inner + GAP) / (MIN_TILE[tileSize] + GAP)));
  const tile = columns > 0 ? (inner - GAP * (columns - 1)) / columns : 0;
  const count = Math.max(items.length, pager.hasNextPage ? total : items.length);
  const rows = Math.ceil(count / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => tile + GAP,
    overscan: 3,
    paddingStart: PAD,
    paddingEnd: PAD,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, tile]);
  const virtualRows = virtualizer.getVirtualItems();
  // A fling's tiles fly past: they leave their pictures unasked until it slows down (hooks/fling.ts).
  const fling = useFling(virtualizer.scrollOffset ?? 0, virtualizer.isScrolling);
  const lastRow = virtualRows.at(-1)?.index ?? 0;
  useLoadMore((lastRow + 1) * columns, columns * 8, { loaded: items.length, ...pager });
  // Team mode: who made each task on screen (one call per screenful; nothing in solo mode).
  const firstRow = virtualRows[0]?.index ?? 0;
  const onScreen = items.slice(firstRow * columns, (lastRow + 1) * columns).map((task) => task.id);
  const members = useTaskMembers(onScreen);
  const keys = useGridFocus({
    scroller,
    items,
    columns,
    rowHeight: tile + GAP,
    rendered: onScreen,
    // The first row at least half on screen (the rows above it are mounted but scrolled past).
    firstVisible: items[(virtualRows.find((r) => r.start + tile / 2 >= (virtualizer.scrollOffset ?? 0))?.index ?? firstRow) * columns]?.id ?? null,
    // The top row with the padding above it (the grid as it first opened).
    scrollToRow: (row) => (row === 0 ? virtualizer.scrollToOffset(0) : virtualizer.scrollToIndex(row, { align: 'auto' })),
  });

  return (
    <div ref={scroller} className="gl-scroll" data-testid="gallery-grid" data-columns={columns} role="grid" aria-label={t('gallery.title')} aria-multiselectable onKeyDown={keys.onKeyDown} onFocus={keys.onFocus}>
      {width > 0 && (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualRows.map((row) => (
            <div
              key={row.key}
              className="gl-grid-row"
              role="row"
              style={{ transform: `translateY(${row.start}px)`, height: tile, left: PAD, right: PAD, gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: GAP }}
            >
              {Array.from({ length: columns }, (_, c) => {
                const i = row.index * columns + c;
                if (i >= count) return null;
                const task = items[i];
                return task ? <TaskTile key={task.id} task={task} actions={actions} scrolling={virtualizer.isScrolling} fling={fling} member={members[task.id]} tabbable={task.id === keys.tabStop} /> : <SkeletonTile key={`s${i}`} />;
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
