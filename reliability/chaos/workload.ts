import type { Core } from '../../src/core/create-core';
import { valuesFor } from '../../src/core/engine/operation-values.test-support';
import type { SimFault } from '../../src/sim';
import { operationIdSchema, type OperationId } from '../../src/shared/operations/ids';

/** Every operation of every family, in turn. */
export const OPS: readonly OperationId[] = operationIdSchema.options;

/**
 * About one injected fault per five tasks, spread over every kind and family: `probability` spreads them
 * in time, `times` caps each kind (≈ 42 for 200 tasks). Seeded, so a run replays. Submit-time 429s are
 * refusals (the task fails with the gateway's reason; submissions are never retried, as that may bill
 * twice); every other fault must be absorbed: retried, resumed, re-queried, or polled past.
 */
export function chaosFaults(scale = 1): SimFault[] {
  const n = (x: number): number => Math.max(1, Math.round(x * scale));
  return [
    { kind: 'truncate', probability: 0.06, times: n(8) },
    { kind: 'rateLimit', on: 'query', probability: 0.012, times: n(6), retryAfterSeconds: 1 },
    { kind: 'rateLimit', on: 'submit', probability: 0.02, times: n(2), retryAfterSeconds: 1 },
    { kind: 'serverError', probability: 0.012, times: n(6) },
    { kind: 'reset', probability: 0.012, times: n(6) },
    { kind: 'expireUrl', probability: 0.05, times: n(6) },
    { kind: 'loseCallback', probability: 0.2, times: n(6) },
    // Shape drift, not failures: they must simply be understood.
    { kind: 'unknownFirst', probability: 0.1 },
    { kind: 'msTimestamps', probability: 0.2 },
    { kind: 'videoUrlObject', family: 'gateway', probability: 0.5 },
    // Issue 26: one file named twice (two spellings), and Kling's task object in unified image answers.
    { kind: 'resultUrlTwice', probability: 0.3 },
    { kind: 'klingTaskObject', family: 'unifiedImage', probability: 0.3 },
  ];
}

/** A unique tag in each prompt links a task to its submit requests in the simulator's log. */
export const tagFor = (run: number, i: number): string => `[chaos-${run}-${String(i).padStart(3, '0')}]`;

/** Every 20th task asks the simulator to fail it, so the failure path is exercised on purpose. */
export const promptFor = (run: number, i: number): string =>
  `a quiet harbour ${tagFor(run, i)}${i % 20 === 7 ? ' #fail' : ''}`;

/** A profile for the simulator with callbacks on (loopback receiver), so lost callbacks can be injected. */
export async function useChaosProfile(
  core: Core,
  sim: { baseUrl: string; apiKey: string },
  save = true,
): Promise<void> {
  const h = core.handlers;
  if (save) {
    await h.saveProfile({
      id: 'chaos',
      name: 'Chaos simulator',
      baseUrl: sim.baseUrl,
      vendor: 'vendora',
      gatewayAuthHeader: 'Authorization',
      callbacks: { enabled: true, publicUrl: '', localPort: 0 },
    });
    await h.selectProfile({ id: 'chaos' });
  }
  await h.setProfileKey({ id: 'chaos', key: sim.apiKey, acceptWeakStorage: true });
}

/** Submits one task; a refused submission throws to the caller (like the form) but its row is kept. */
export async function submitChaosTask(core: Core, run: number, i: number): Promise<void> {
  const op = OPS[i % OPS.length] ?? 'gateway.text2image';
  await core.handlers.submitTask({
    operationId: op,
    values: await valuesFor(core, op, promptFor(run, i)),
    extra: {},
  });
}
