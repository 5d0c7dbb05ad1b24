import { QueryClient } from '@tanstack/react-query';

/** The renderer's one query cache (seeded with the first screen before React mounts). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
});
