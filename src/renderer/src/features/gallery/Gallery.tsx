import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../state/ui-store';
import { EmptyState } from './components/EmptyState';
import { ConfirmDelete } from './components/ConfirmDelete';
import { FilterBar } from './components/FilterBar';
import { StatusChips } from './components/StatusChips';
import { TaskGrid } from './components/TaskGrid';
import { TaskList } from './components/TaskList';
import { useGalleryStore } from './gallery-store';
import { formatCount } from './model/format';
import { useGalleryEvents } from './hooks/use-gallery-events';
import { useNotificationClicks } from './hooks/use-notification-clicks';
import { useGalleryFilter } from './hooks/use-gallery-filter';
import { useRunningTitle } from './hooks/use-running-count';
import { useSearchPrefetch } from './hooks/search-prefetch';
import { useTaskActions } from './hooks/use-task-actions';
import { useTaskCounts, useTaskPages } from './hooks/use-task-pages';
import { GalleryTextContext } from './hooks/use-gallery-text';
import { TypicalContext, useTypicalDurations } from './hooks/use-typical-durations';
import { useWebNotifications } from './hooks/use-web-notifications';
import { BatchGroups } from '../studio';
import { LazyCompareView } from '../studio';
import { RejectedBar } from '../studio';
import { BoardBar } from '../library';
import { SelectionBar } from './selection/SelectionBar';
import { setGalleryOrder } from '../library';
import { useLasso } from '../library';
import './styles/toolbar.css';
import './styles/tiles.css';
import './styles/list.css';
import './styles/feedback.css';
// Also the drop dialog's parameter table (.gl-params), so it stays with the first chunk.
import './lightbox.css';

/** The lightbox (details, lineage, wipe compare) is its own chunk, loaded when a task is first opened. */
const Lightbox = lazy(() => import('./components/Lightbox').then((m) => ({ default: m.Lightbox })));
/** The toasts' host (Radix toast) is its own chunk too, loaded with the first toast (issue 31, cold first paint). */
const Toasts = lazy(() => import('./components/Toasts').then((m) => ({ default: m.Toasts })));

/** The live task gallery and library: find, watch, open and act on every task. */
export function Gallery() {
  const { t, i18n } = useTranslation();
  const text = useMemo(() => ({ t, language: i18n.language }), [t, i18n.language]);
  const { filter, countsFilter } = useGalleryFilter();
  useSearchPrefetch();
  const pages = useTaskPages(filter);
  const counts = useTaskCounts(countsFilter, pages);
  const actions = useTaskActions();
  useGalleryEvents(useWebNotifications());
  useNotificationClicks();
  useRunningTitle(t('app.name'));
  const typical = useTypicalDurations(pages.items);
  const view = useUiStore((s) => s.galleryView);
  const tileSize = useGalleryStore((s) => s.tileSize);
  const lightbox = useGalleryStore((s) => s.lightbox);
  const confirmId = useGalleryStore((s) => s.confirmDelete);
  // Once there (the first toast), the host stays: a toast's exit and the next ones need no new load.
  const toastsWanted = useGalleryStore((s) => s.toasts.length > 0);
  const [toastsOn, setToastsOn] = useState(false);
  if (toastsWanted && !toastsOn) setToastsOn(true);
  setGalleryOrder(pages.items.map((i) => i.id));
  const lasso = useLasso();
  const visibleIds = useMemo(() => new Set(pages.items.map((i) => i.id)), [pages.items]);
  const models = useMemo(() => [...new Set(pages.items.map((i) => i.model))].sort(), [pages.items]);
  const activeFilters = [filter.operationId, filter.model, filter.since, filter.until].filter(
    (x) => x !== undefined,
  ).length;
  const filtered = activeFilters > 0 || !!filter.search || !!filter.favourite || !!filter.statuses;
  const listProps = {
    items: pages.items,
    total: pages.total,
    hasNextPage: pages.hasNextPage,
    isFetchingNextPage: pages.isFetchingNextPage,
    fetchNextPage: pages.fetchNextPage,
    actions,
  };
  return (
    <GalleryTextContext.Provider value={text}>
    <TypicalContext.Provider value={typical}>
      <div
        className="gallery-panel gl-root"
        data-testid="gallery"
        data-total={pages.total}
        data-loaded={pages.items.length}
        {...lasso.handlers}
      >
        <header className="gl-header">
          <h2>{t('gallery.title')}</h2>
          <span className="gl-total" data-testid="gallery-total">
            {pages.isSuccess ? t('gallery.total', { count: pages.total, shown: formatCount(pages.total) }) : ''}
          </span>
        </header>
        <BoardBar />
        <FilterBar activeFilters={activeFilters} models={models} />
        <SelectionBar items={pages.items} />
        <StatusChips counts={counts.data} />
        <BatchGroups visibleIds={visibleIds} />
        <RejectedBar />
        {pages.isError ? (
          <div className="gl-empty gl-error">
            {pages.error instanceof Error ? pages.error.message : String(pages.error)}
          </div>
        ) : pages.isSuccess && pages.items.length === 0 ? (
          <EmptyState filtered={filtered} board={!!filter.boardId} />
        ) : view === 'list' ? (
          <TaskList {...listProps} />
        ) : (
          <TaskGrid {...listProps} tileSize={tileSize} />
        )}
        {pages.isFetching && <div className="gl-loading-bar" aria-hidden />}
        {lasso.box}
      </div>
      {lightbox && (
        <Suspense fallback={null}>
          <Lightbox target={lightbox} items={pages.items} actions={actions} />
        </Suspense>
      )}
      {confirmId && <ConfirmDelete task={pages.items.find((x) => x.id === confirmId)} order={pages.items.map((x) => x.id)} actions={actions} />}
      <LazyCompareView />
      {toastsOn && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </TypicalContext.Provider>
    </GalleryTextContext.Provider>
  );
}
