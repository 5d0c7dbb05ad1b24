import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FirstScreen } from '../../../shared/bridge/contract';
import type { Boot } from '../boot/boot';
import { seedKeptFrames } from '../features/gallery';
import { queryKeys } from '../state/query-keys';

/**
 * Puts the first screen's data where each component's query looks for it, so none of them asks core again
 * at mount. The keys are the components' own (notices, boards, batches, rejected: see their hooks).
 * `onlyMissing`: the answer came after React mounted; fill only what no query has fetched meanwhile.
 */
export function seedFirstScreen(
  qc: QueryClient,
  boot: Pick<Boot, 'filter' | 'countsFilter' | 'keptFrames'>,
  s: FirstScreen,
  opts: { onlyMissing?: boolean } = {},
): void {
  const entries: [QueryKey, unknown][] = [
    [queryKeys.preferences, s.preferences],
    [queryKeys.connection, s.connection],
    [queryKeys.profiles, s.profiles],
    [queryKeys.notices, s.notices],
    [queryKeys.boards.list(boot.filter.boardId ?? null), s.boards],
    [queryKeys.batches, s.batches],
    [queryKeys.tasks.rejected, s.rejected],
    [queryKeys.tasks.pages(boot.filter), { pages: [s.page], pageParams: [null] }],
    [queryKeys.tasks.counts(boot.countsFilter), s.page.counts],
    [queryKeys.tasks.counts({ sort: 'newest' }), s.everything],
  ];
  seedKeptFrames(s.page.items, boot.keptFrames);
  for (const [key, data] of entries)
    if (!opts.onlyMissing || qc.getQueryData(key) === undefined) qc.setQueryData(key, data);
  if (opts.onlyMissing) return;
  // Theme before the first render, so the first frame is already the right one (the language: mount.tsx).
  if (s.preferences.theme === 'light' || s.preferences.theme === 'dark')
    document.documentElement.dataset.theme = s.preferences.theme;
  document.documentElement.lang = s.preferences.language;
}
