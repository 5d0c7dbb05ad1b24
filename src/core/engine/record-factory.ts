import type { TaskResult } from '../../shared/domain/task';
import type { OperationDef } from '../../shared/operations/operation';
import type { Values } from '../../shared/operations/fields';
import type { TaskRecord } from '../tasks/task-record';
import type { RemoteResult } from '../gateway/parse';
import { collectInputs } from './task-inputs';

export function newTaskRecord(args: {
  id: string;
  op: OperationDef;
  values: Values;
  extra: Record<string, unknown>;
  profileId: string;
  demo: boolean;
  now: number;
  baseUrl: string;
  vendor: string;
  submitPath: string;
  callbackToken: string | null;
  /** What the profile's estimator expects it to take (ms); null when it cannot say. */
  expectedMs: number | null;
  /** The batch this task is a member of. */
  batchId?: string | null;
  /** See TaskInternal.pollExpectedMs. */
  pollExpectedMs?: number | null;
}): TaskRecord {
  const { op, values } = args;
  return {
    id: args.id,
    operationId: op.id,
    family: op.family,
    model: typeof values.model === 'string' ? values.model : '',
    profileId: args.profileId,
    demo: args.demo,
    status: 'submitting',
    rawStatus: null,
    remoteId: null,
    prompt: typeof values.prompt === 'string' ? values.prompt : '',
    progress: null,
    error: null,
    points: null,
    favourite: false,
    rateLimitedUntil: null,
    expectedMs: args.expectedMs,
    createdAt: args.now,
    submittedAt: null,
    finishedAt: null,
    updatedAt: args.now,
    results: [],
    batchId: args.batchId ?? null,
    rejected: false,
    values,
    extra: args.extra,
    inputs: collectInputs(values),
    lastRawResponse: null,
    events: [{ at: args.now, message: 'created' }],
    internal: {
      sendPhase: 'local',
      nextPollAt: null,
      pollCount: 0,
      callbackToken: args.callbackToken,
      baseUrl: args.baseUrl,
      vendor: args.vendor,
      submitPath: args.submitPath,
      pollExpectedMs: args.pollExpectedMs ?? null,
    },
  };
}

/** Result rows for the remote results of a finished task; files already downloaded are kept. */
export function mergeResults(existing: TaskResult[], remote: RemoteResult[], output: 'image' | 'video'): TaskResult[] {
  return remote.map((r, index): TaskResult => {
    const prev = existing[index];
    const remoteUrl = r.kind === 'url' && r.url ? r.url : null;
    if (prev?.state === 'done') return { ...prev, remoteUrl: remoteUrl ?? prev.remoteUrl };
    return {
      index,
      kind: output,
      remoteUrl,
      file: null,
      mime: r.kind === 'b64' ? r.mime : null,
      bytesReceived: 0,
      bytesTotal: null,
      sha256: null,
      thumbnail: null,
      state: 'pending',
      error: null,
    };
  });
}

/** Keeps a short log of what happened to a task (shown in the detail view). */
export function withEvent(record: TaskRecord, message: string, at: number): TaskRecord['events'] {
  return [...record.events, { at, message }].slice(-50);
}
