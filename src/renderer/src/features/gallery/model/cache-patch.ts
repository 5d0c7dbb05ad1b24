import type { InfiniteData } from '@tanstack/react-query';
import type { EventPayload, TaskPage } from '../../../../../shared/bridge/contract';
import type { TaskDetail, TaskFilter, TaskSummary } from '../../../../../shared/domain/task';
import { matchesFilter, sortsBefore } from './filter';

export type Pages = InfiniteData<TaskPage, string | null>;

/** Where a task sits in the loaded pages, or null. */
export function locate(data: Pages, id: string): { page: number; index: number } | null {
  for (let p = 0; p < data.pages.length; p++) {
    const index = data.pages[p]?.items.findIndex((t) => t.id === id) ?? -1;
    if (index >= 0) return { page: p, index };
  }
  return null;
}

function withPage(data: Pages, p: number, fn: (page: TaskPage) => TaskPage): Pages {
  return { ...data, pages: data.pages.map((page, i) => (i === p ? fn(page) : page)) };
}

const bumpTotal = (data: Pages, by: number): Pages =>
  data.pages.length === 0 ? data : withPage(data, 0, (page) => ({ ...page, total: Math.max(0, page.total + by) }));

/**
 * Applies a pushed `taskChanged` to one loaded list: replaced in place; dropped when it no longer matches
 * the list's filter; inserted when it is new, matches, and falls inside what is loaded (a newer task on a
 * newest-first list goes on top). Returns the same object when nothing changed.
 */
export function applyTaskChanged(data: Pages, task: TaskSummary, filter: TaskFilter): Pages {
  const at = locate(data, task.id);
  const matches = matchesFilter(task, filter);
  if (at) {
    if (!matches) return bumpTotal(withPage(data, at.page, (page) => ({ ...page, items: page.items.filter((t) => t.id !== task.id) })), -1);
    return withPage(data, at.page, (page) => ({ ...page, items: page.items.map((t) => (t.id === task.id ? task : t)) }));
  }
  if (!matches || data.pages.length === 0) return data;
  // Find the first loaded item the new task sorts before; insert there. Past the end: only if all is loaded.
  for (let p = 0; p < data.pages.length; p++) {
    const items = data.pages[p]?.items ?? [];
    const i = items.findIndex((t) => sortsBefore(task, t, filter.sort));
    if (i >= 0) return bumpTotal(withPage(data, p, (page) => ({ ...page, items: [...items.slice(0, i), task, ...items.slice(i)] })), 1);
  }
  const last = data.pages.length - 1;
  if (data.pages[last]?.nextCursor !== null) return data;
  return bumpTotal(withPage(data, last, (page) => ({ ...page, items: [...page.items, task] })), 1);
}

export function applyTaskRemoved(data: Pages, id: string): Pages {
  const at = locate(data, id);
  if (!at) return data;
  return bumpTotal(withPage(data, at.page, (page) => ({ ...page, items: page.items.filter((t) => t.id !== id) })), -1);
}

type Progress = EventPayload<'downloadProgressed'>;

export function applyProgressToTask<T extends TaskSummary | TaskDetail>(task: T, e: Progress): T {
  const results = task.results.map((r) =>
    r.index === e.index ? { ...r, bytesReceived: e.received, bytesTotal: e.total ?? r.bytesTotal, state: r.state === 'done' ? r.state : ('downloading' as const) } : r,
  );
  return { ...task, results };
}

export function applyDownloadProgress(data: Pages, e: Progress): Pages {
  const at = locate(data, e.id);
  if (!at) return data;
  return withPage(data, at.page, (page) => ({ ...page, items: page.items.map((t) => (t.id === e.id ? applyProgressToTask(t, e) : t)) }));
}

/** The summary fields of a pushed task laid over a cached detail (values, raw response stay). */
export const mergeIntoDetail = (detail: TaskDetail, task: TaskSummary): TaskDetail => ({ ...detail, ...task });
