import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeClient } from '../../../../../shared/bridge/client';
import type { MethodInput, MethodName, MethodOutput, TaskPage } from '../../../../../shared/bridge/contract';
import { taskStatusSchema, type TaskFilter } from '../../../../../shared/domain/task';
import { queryKeys } from '../../../state/query-keys';
import { countsFilterOf, taskCountsQuery, taskPagesQuery } from './use-task-pages';

/** A bridge answering every listTasks with one page whose counts say which call it was; it records the calls. */
function countingBridge() {
  const calls: MethodInput<'listTasks'>[] = [];
  const bridge: Pick<BridgeClient, 'call'> = {
    call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      if (method !== 'listTasks') return Promise.reject(new Error(`unexpected ${method}`));
      calls.push(input as MethodInput<'listTasks'>);
      const counts = Object.fromEntries(taskStatusSchema.options.map((s) => [s, 0])) as TaskPage['counts'];
      counts.succeeded = calls.length;
      const page: TaskPage = { items: [], nextCursor: null, total: calls.length, counts };
      return Promise.resolve(page as MethodOutput<M>);
    },
  };
  return { bridge, calls };
}

const filter: TaskFilter = { sort: 'newest', rejected: 'hide', search: 'fox', statuses: ['succeeded'] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a search is one bridge call: the chips take their counts from the list’s first page (issue 31)', () => {
  const qc = new QueryClient();
  afterEach(() => qc.clear());

  it('the first page’s counts land under the chips’ filter (the same without statuses); the chips then ask nothing', async () => {
    const { bridge, calls } = countingBridge();
    await qc.fetchInfiniteQuery(taskPagesQuery(bridge, filter));
    expect(countsFilterOf(filter)).toEqual({ sort: 'newest', rejected: 'hide', search: 'fox' });
    expect(qc.getQueryData(queryKeys.tasks.counts(countsFilterOf(filter)))).toMatchObject({ succeeded: 1 });
    const chips = new QueryObserver(qc, taskCountsQuery(bridge, countsFilterOf(filter), false));
    const off = chips.subscribe(() => {});
    await flush();
    off();
    expect(chips.getCurrentResult().data).toMatchObject({ succeeded: 1 });
    expect(calls).toHaveLength(1);
  });

  it('while the list is asking for its first page, the chips wait for its answer instead of asking too', async () => {
    const { bridge, calls } = countingBridge();
    const chips = new QueryObserver(qc, taskCountsQuery(bridge, countsFilterOf(filter), true));
    const off = chips.subscribe(() => {});
    const list = qc.fetchInfiniteQuery(taskPagesQuery(bridge, filter));
    await flush();
    expect(calls).toHaveLength(1);
    await list;
    chips.setOptions(taskCountsQuery(bridge, countsFilterOf(filter), false));
    await flush();
    off();
    expect(chips.getCurrentResult().data).toMatchObject({ succeeded: 1 });
    expect(calls).toHaveLength(1);
  });

  it('re-read after a status change (invalidated), the chips ask core on their own, for one row', async () => {
    const { bridge, calls } = countingBridge();
    await qc.fetchInfiniteQuery(taskPagesQuery(bridge, filter));
    const chips = new QueryObserver(qc, taskCountsQuery(bridge, countsFilterOf(filter), false));
    const off = chips.subscribe(() => {});
    await qc.invalidateQueries({ queryKey: queryKeys.tasks.countsAll });
    await flush();
    off();
    expect(calls.map((c) => c.limit)).toEqual([expect.any(Number), 1]);
    expect(chips.getCurrentResult().data).toMatchObject({ succeeded: 2 });
  });
});
