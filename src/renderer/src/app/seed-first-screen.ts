import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FirstScreen } from '../../../shared/bridge/contract';
import type { Boot } from '../boot/boot';
import { qk } from '../bridge/queries';
import { galleryKeys } from '../features/gallery/hooks/query-keys';
import { boardListKey } from '../features/library/boards/use-boards';

/**
 * Puts the first screen's data where each component's query looks for it, so none of them asks core again
 * at mount. The keys are the components' own (notices, boards, batches, rejected: see their hooks).
 * `onlyMissing`: the answer came after React mounted; fill only what no query has fetched meanwhile.
 */
export function seedFirstScreen(
  qc: QueryClient,
  boot: Pick<Boot, 'filter' | 'countsFilter'>,
  s: FirstScreen,
  opts: { onlyMissing?: boolean } = {},
): void {
  const entries: [QueryKey, unknown][] = [
    [qk.preferences, s.preferences],
    [qk.connection, s.connection],
    [qk.profiles, s.profiles],
    [['listNotices'], s.notices],
    [boardListKey(boot.filter.boardId ?? null), s.boards],
    [['listBatches'], s.batches],
    [['rejected'], s.rejected],
    [galleryKeys.pages(boot.filter), { pages: [s.page], pageParams: [null] }],
    [galleryKeys.counts(boot.countsFilter), s.page.counts],
    [galleryKeys.counts({ sort: 'newest' }), s.everything],
  ];
  for (const [key, data] of entries)
    if (!opts.onlyMissing || qc.getQueryData(key) === undefined) qc.setQueryData(key, data);
  if (opts.onlyMissing) return;
  // Theme before the first render, so the first frame is already the right one (the language: mount.tsx).
  if (s.preferences.theme === 'light' || s.preferences.theme === 'dark')
    document.documentElement.dataset.theme = s.preferences.theme;
  document.documentElement.lang = s.preferences.language;
}
