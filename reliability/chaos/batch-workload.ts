import type { Core } from '../../src/core/create-core';
import { valuesFor } from '../../src/core/engine/operation-values.test-support';
import type { OperationId } from '../../src/shared/operations/ids';
import { tagFor } from './workload';

/** The operations phase 6's batches run on, in turn (task gateway and unified, images and videos). */
export const BATCH_OPS: readonly OperationId[] = ['gateway.text2image', 'unifiedImage.generate', 'gateway.text2video', 'unifiedVideo.generate'];
export const BATCH_SIZE = 8;

/** One ×8 batch; its prompt carries the batch's tag, so its submissions can be counted in the simulator's log. */
export async function submitChaosBatch(core: Core, run: number, b: number): Promise<void> {
  const op = BATCH_OPS[b % BATCH_OPS.length] ?? 'gateway.text2image';
  await core.handlers.submitBatch({
    operationId: op,
    values: await valuesFor(core, op, `a row of lanterns ${tagFor(run, b)}`),
    extra: {},
    count: BATCH_SIZE,
    models: null,
  });
}
