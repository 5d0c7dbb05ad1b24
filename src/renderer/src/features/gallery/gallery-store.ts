import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TaskFilter } from '../../../../shared/domain/task';
import type { OperationId } from '../../../../shared/operations/ids';
import { statusesOf, type StatusGroup } from './model/status-groups';

export type TileSize = 's' | 'm' | 'l';

/** What the lightbox shows: a task and one of its results. */
export interface LightboxTarget {
  taskId: string;
  index: number;
}

export interface Toast {
  id: number;
  text: string;
  tone: 'ok' | 'error';
}

interface GalleryState {
  group: StatusGroup;
  /** What the user typed; the filter gets it debounced. */
  searchText: string;
  search: string;
  operationId: OperationId | undefined;
  model: string;
  since: number | undefined;
  until: number | undefined;
  favourites: boolean;
  sort: 'newest' | 'oldest';
  tileSize: TileSize;
  filtersOpen: boolean;
  lightbox: LightboxTarget | null;
  confirmDelete: string | null;
  /** The last task was deleted from the keyboard: the empty state that follows takes the focus (EmptyState). */
  focusEmpty: boolean;
  toasts: Toast[];
  set(patch: Partial<Omit<GalleryState, 'set' | 'toast' | 'dismissToast' | 'resetFilters'>>): void;
  resetFilters(): void;
  toast(text: string, tone?: Toast['tone']): void;
  dismissToast(id: number): void;
}

const FILTER_DEFAULTS = {
  group: 'all' as StatusGroup,
  searchText: '',
  search: '',
  operationId: undefined,
  model: '',
  since: undefined,
  until: undefined,
  favourites: false,
};

let toastId = 0;

/** Gallery UI state (filters, view, lightbox); the data itself lives in the query cache. */
export const useGalleryStore = create<GalleryState>()(
  persist(
    (set) => ({
      ...FILTER_DEFAULTS,
      sort: 'newest',
      tileSize: 'm',
      filtersOpen: false,
      lightbox: null,
      confirmDelete: null,
      focusEmpty: false,
      toasts: [],
      set: (patch) => set(patch),
      resetFilters: () => set(FILTER_DEFAULTS),
      toast: (text, tone = 'ok') => {
        const id = ++toastId;
        // The toast host (Radix) times each one out, pausing while it is hovered or focused.
        set((s) => ({ toasts: [...s.toasts.slice(-2), { id, text, tone }] }));
      },
      dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    }),
    { name: 'atelier.gallery', partialize: (s) => ({ sort: s.sort, tileSize: s.tileSize }) },
  ),
);

/** The bridge filter for the current UI state. `withStatuses: false` gives the counts' filter. */
export function filterOf(s: GalleryState, withStatuses = true): TaskFilter {
  const statuses = withStatuses ? statusesOf(s.group) : undefined;
  return {
    sort: s.sort,
    // "Reject others" in Compare hides tasks from the gallery (restorable from the rejected bar).
    rejected: 'hide',
    ...(s.operationId ? { operationId: s.operationId } : {}),
    ...(s.model.trim() ? { model: s.model.trim() } : {}),
    ...(statuses ? { statuses } : {}),
    ...(s.search.trim() ? { search: s.search.trim() } : {}),
    ...(s.favourites ? { favourite: true } : {}),
    ...(s.since !== undefined ? { since: s.since } : {}),
    ...(s.until !== undefined ? { until: s.until } : {}),
  };
}
