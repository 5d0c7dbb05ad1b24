import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeClient } from '../../../../../shared/bridge/client';
import type { MethodInput, MethodName, MethodOutput, TaskPage } from '../../../../../shared/bridge/contract';
import { taskStatusSchema } from '../../../../../shared/domain/task';
import { queryKeys } from '../../../state/query-keys';
import { useGalleryStore } from '../gallery-store';
import { prefetchSearches } from './search-prefetch';
import { galleryFilterNow } from './use-gallery-filter';

/** A bridge whose listTasks answers wait until the test gives them (by search term). */
function heldBridge() {
  const pending: { search: string; answer: (page: TaskPage) => void }[] = [];
  const bridge: Pick<BridgeClient, 'call'> = {
    call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      if (method !== 'listTasks') return Promise.reject(new Error(`unexpected ${method}`));
      const { filter } = input as MethodInput<'listTasks'>;
      return new Promise<MethodOutput<M>>((resolve) =>
        pending.push({ search: filter?.search ?? '', answer: (page) => resolve(page as MethodOutput<M>) }),
      );
    },
  };
  return { bridge, pending };
}

const noCounts = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as TaskPage['counts'];
const page = (total: number): TaskPage => ({ items: [], nextCursor: null, total, counts: noCounts });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const pagesOf = (qc: QueryClient, search: string) =>
  qc.getQueryData<{ pages: TaskPage[] }>(queryKeys.tasks.pages({ ...galleryFilterNow(), search }));

describe('search prefetch (issue 31)', () => {
  let qc: QueryClient;
  let stop: () => void;
  let held: ReturnType<typeof heldBridge>;
  beforeEach(() => {
    qc = new QueryClient();
    held = heldBridge();
    stop = prefetchSearches(qc, held.bridge, galleryFilterNow);
  });
  afterEach(() => {
    stop();
    useGalleryStore.getState().set({ search: '', searchText: '' });
    qc.clear();
  });

  it('asks for the first page inside the store update, before anything renders', () => {
    useGalleryStore.getState().set({ search: 'fox' });
    expect(held.pending.map((p) => p.search)).toEqual(['fox']);
    // Other changes to the store send nothing.
    useGalleryStore.getState().set({ tileSize: 'l' });
    expect(held.pending).toHaveLength(1);
  });

  it('a search typed past before anything watched it is cancelled: its late answer is not kept, the newer one is', async () => {
    useGalleryStore.getState().set({ search: 'zebracorn' });
    useGalleryStore.getState().set({ search: 'lighthouse' });
    expect(held.pending.map((p) => p.search)).toEqual(['zebracorn', 'lighthouse']);
    held.pending[1]!.answer(page(12));
    held.pending[0]!.answer(page(1)); // late
    await flush();
    expect(pagesOf(qc, 'lighthouse')?.pages[0]?.total).toBe(12);
    expect(pagesOf(qc, 'zebracorn')).toBeUndefined();
  });

  it('the gallery’s query under the same filter waits for the prefetch instead of asking again', async () => {
    useGalleryStore.getState().set({ search: 'koi' });
    const answer = qc.fetchInfiniteQuery({
      queryKey: queryKeys.tasks.pages(galleryFilterNow()),
      queryFn: (): Promise<TaskPage> => Promise.reject(new Error('asked twice')),
      initialPageParam: null as string | null,
    });
    held.pending[0]!.answer(page(7));
    expect((await answer).pages[0]?.total).toBe(7);
    expect(held.pending).toHaveLength(1);
  });
});
