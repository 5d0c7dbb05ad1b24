import type { TaskFilter } from '../../../../../shared/domain/task';

/** Query keys start with the contract method they cache (conventions §8). */
export const galleryKeys = {
  all: ['listTasks'] as const,
  pages: (filter: TaskFilter) => ['listTasks', 'pages', filter] as const,
  pagesAll: ['listTasks', 'pages'] as const,
  counts: (filter: TaskFilter) => ['listTasks', 'counts', filter] as const,
  countsAll: ['listTasks', 'counts'] as const,
  task: (id: string) => ['getTask', id] as const,
};

export const PAGE_SIZE = 150;
