import type { MethodName } from '../../../shared/bridge/contract';
import type { TaskFilter } from '../../../shared/domain/task';

/**
 * The one query-key factory of the renderer's cache (conventions §8). Every key starts with the contract
 * method whose answer it holds, typed as `MethodName`, so a renamed or removed method fails to compile here
 * and a prefix invalidation (`queryKeys.tasks.all`) reaches every cache of that method. Keys are built
 * nowhere else: lint (`atelier/query-key-factory`) refuses a literal array as a query key, and
 * `query-keys.test.ts` refuses a contract method name opening an array outside this file.
 */
const key = <M extends MethodName, P extends readonly unknown[]>(method: M, ...parts: P): readonly [M, ...P] => [
  method,
  ...parts,
];

export const queryKeys = {
  appInfo: key('getAppInfo'),
  preferences: key('getPreferences'),
  connection: key('getConnection'),
  profiles: key('listProfiles'),
  tasks: {
    /** Every cache of listTasks: invalidate it after a change that moves tasks between lists. */
    all: key('listTasks'),
    pagesAll: key('listTasks', 'pages'),
    pages: (filter: TaskFilter) => key('listTasks', 'pages', filter),
    countsAll: key('listTasks', 'counts'),
    counts: (filter: TaskFilter) => key('listTasks', 'counts', filter),
    /** The form's "from the gallery" pickers (keyed under listTasks so task changes refresh them). */
    formsRecent: key('listTasks', 'forms-recent'),
    formsExtendable: (profileId: string | undefined) => key('listTasks', 'forms-extendable', profileId),
    /** The rejected results hidden from the gallery (the "Restore all" bar). */
    rejected: key('listTasks', 'rejected'),
  },
  /** One task's detail, as the gallery and the lightbox read it. */
  task: (id: string) => key('getTask', id),
  /** One task as Compare reads it (its own copy: the gallery's detail is patched by progress events). */
  compareTask: (id: string) => key('getTask', id, 'compare'),
  boards: {
    all: key('listBoards'),
    /** The picker's list: the first page, plus the current board wherever it is. */
    list: (current: string | null) => key('listBoards', current),
  },
  lineage: (id: string, updatedAt: string | number) => key('getLineage', id, updatedAt),
  queue: key('getQueue'),
  notices: key('listNotices'),
  ledger: key('getLedger'),
  batches: key('listBatches'),
  estimates: {
    all: key('estimateTask'),
    one: (operationId: string, model: string, priced: Record<string, unknown>) => key('estimateTask', operationId, model, priced),
  },
  prompts: {
    all: key('listPrompts'),
    search: (search: string) => key('listPrompts', search),
  },
  recentPrompts: (operationId: string) => key('recentPrompts', operationId),
  team: {
    state: key('getTeam'),
    members: (ids: readonly string[]) => key('getTaskMembers', ...ids),
    spend: key('getTeamSpend'),
    /** The share's progress: what shareLibraryWithTeam answers, then each `teamShareProgressed` event. */
    shareProgress: key('shareLibraryWithTeam', 'progress'),
  },
} as const;
