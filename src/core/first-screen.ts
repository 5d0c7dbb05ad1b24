import type { FirstScreen, Handlers, MethodParsedInput } from '../shared/bridge/contract';

/** The "restore" bar lists at most this many hidden tasks (its count is the total). */
export const REJECTED_LIMIT = 100;
/** Boards in one page of `listBoards` when the caller does not say (the picker's first page). */
export const BOARD_PAGE = 200;

/**
 * `getFirstScreen`: what the first screen shows, from the same handlers the separate calls use (so the two
 * can never disagree), in one answer. The counts come from the status-count table where the filter allows
 * (see `StatusCounts`), so at 100,000 tasks no part of it walks the history.
 */
export async function firstScreen(
  handlers: Handlers,
  { filter, limit }: MethodParsedInput<'getFirstScreen'>,
): Promise<FirstScreen> {
  // The connection first: it starts the demo gateway when that is the active profile, which the profile
  // list then shows with its address (as when the renderer asked for each separately, in that order).
  const connection = await handlers.getConnection({});
  const [preferences, profiles, notices, boards, batches, page, everything, rejected] = await Promise.all([
    handlers.getPreferences({}),
    handlers.listProfiles({}),
    handlers.listNotices({}),
    // Only what the picker shows: its first page, and the board the gallery is filtered by.
    handlers.listBoards({ limit: BOARD_PAGE, include: filter.boardId ?? null }),
    handlers.listBatches({ limit: 8 }),
    handlers.listTasks({ filter, cursor: null, limit }),
    handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 1 }),
    handlers.listTasks({ filter: { sort: 'newest', rejected: 'only' }, cursor: null, limit: REJECTED_LIMIT }),
  ]);
  return {
    preferences,
    connection,
    profiles,
    notices,
    boards,
    batches,
    page,
    everything: everything.counts,
    rejected,
  };
}
