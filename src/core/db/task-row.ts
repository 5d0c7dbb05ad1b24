import { familySchema, operationIdSchema, type Family, type OperationId } from '../../shared/operations/ids';
import {
  inputRefSchema,
  isTerminal,
  resultStateSchema,
  taskResultSchema,
  taskStatusSchema,
  type InputRef,
  type TaskResult,
  type TaskStatus,
} from '../../shared/domain/task';
import type { SendPhase, TaskInternal, TaskRecord } from '../tasks/task-record';
import { readQueuePlace } from '../queue/queue-place';
import { isObject, numOrNull, textOrNull } from './cells';

/**
 * Mapping between {@link TaskRecord} and the `tasks` table (migration 0001).
 *
 * Writing is strict (the type system guarantees every column is bound, and libsql's native binding
 * aborts the process on a JS boolean, so booleans become 0/1 here and nowhere else). Reading is
 * defensive: a value that a crash, a manual edit or a newer build left malformed degrades to an empty
 * or null value instead of failing the whole gallery page.
 */

/** Named parameters of the insert/update statements: one key per stored column except `seq`. */
export interface TaskRowParams {
  id: string;
  operation_id: string;
  family: string;
  model: string;
  profile_id: string;
  demo: number;
  status: string;
  raw_status: string | null;
  remote_id: string | null;
  prompt: string;
  progress: number | null;
  error: string | null;
  points: number | null;
  favourite: number;
  rate_limited_until: number | null;
  created_at: number;
  submitted_at: number | null;
  finished_at: number | null;
  updated_at: number;
  next_poll_at: number | null;
  polling: number;
  active: number;
  values_json: string;
  extra_json: string;
  inputs_json: string;
  results_json: string;
  last_raw_response_json: string | null;
  events_json: string;
  internal_json: string;
  expected_ms: number | null;
  batch_id: string | null;
  rejected: number;
}

/** Every stored column, in a fixed order (the SELECT list and the INSERT column list). */
export const TASK_COLUMNS = [
  'id',
  'operation_id',
  'family',
  'model',
  'profile_id',
  'demo',
  'status',
  'raw_status',
  'remote_id',
  'prompt',
  'progress',
  'error',
  'points',
  'favourite',
  'rate_limited_until',
  'created_at',
  'submitted_at',
  'finished_at',
  'updated_at',
  'next_poll_at',
  'polling',
  'active',
  'values_json',
  'extra_json',
  'inputs_json',
  'results_json',
  'last_raw_response_json',
  'events_json',
  'internal_json',
  'expected_ms',
  'batch_id',
  'rejected',
] as const satisfies readonly (keyof TaskRowParams)[];

/**
 * Raw responses can carry base64 images of several megabytes; storing them whole would bloat every row
 * read. Past this size only a head is kept, marked as truncated, for the detail view.
 */
export const MAX_RAW_RESPONSE_CHARS = 256 * 1024;
const RAW_RESPONSE_HEAD_CHARS = 8 * 1024;

/** Whether the engine still owes this task work: a poll, or downloads of a succeeded task's results. */
export function isActive(status: TaskStatus, results: readonly TaskResult[]): boolean {
  if (!isTerminal(status)) return true;
  return status === 'succeeded' && results.some((r) => r.state === 'pending' || r.state === 'downloading');
}

function stringifyRaw(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // BigInt or a cycle: keep something readable rather than failing the write.
    text = JSON.stringify(String(value));
  }
  if (text === undefined) return null;
  if (text.length <= MAX_RAW_RESPONSE_CHARS) return text;
  return JSON.stringify({
    truncated: true,
    length: text.length,
    head: text.slice(0, RAW_RESPONSE_HEAD_CHARS),
  });
}

const int = (b: boolean): number => (b ? 1 : 0);

/** Record → statement parameters. */
export function toRow(r: TaskRecord): TaskRowParams {
  const { nextPollAt, ...internalRest } = r.internal;
  return {
    id: r.id,
    operation_id: r.operationId,
    family: r.family,
    model: r.model,
    profile_id: r.profileId,
    demo: int(r.demo),
    status: r.status,
    raw_status: r.rawStatus,
    remote_id: r.remoteId,
    prompt: r.prompt,
    progress: r.progress,
    error: r.error,
    points: r.points,
    favourite: int(r.favourite),
    rate_limited_until: r.rateLimitedUntil,
    created_at: r.createdAt,
    submitted_at: r.submittedAt,
    finished_at: r.finishedAt,
    updated_at: r.updatedAt,
    next_poll_at: nextPollAt,
    polling: int(!isTerminal(r.status)),
    active: int(isActive(r.status, r.results)),
    values_json: JSON.stringify(r.values),
    extra_json: JSON.stringify(r.extra),
    inputs_json: JSON.stringify(r.inputs),
    results_json: JSON.stringify(r.results),
    last_raw_response_json: stringifyRaw(r.lastRawResponse),
    events_json: JSON.stringify(r.events),
    internal_json: JSON.stringify(internalRest),
    expected_ms: r.expectedMs,
    batch_id: r.batchId,
    rejected: int(r.rejected),
  };
}

// ---- defensive readers -------------------------------------------------------------------------------

type Cells = Record<string, unknown>;

const text = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number): number => numOrNull(v) ?? fallback;
const flag = (v: unknown): boolean => numOrNull(v) === 1;

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}

function objectColumn(v: unknown): Record<string, unknown> {
  const parsed = parseJson(v);
  return isObject(parsed) ? parsed : {};
}

/** Keeps the well-formed items of an array column; one bad item does not cost the others. */
function arrayColumn<T>(v: unknown, accept: (item: unknown) => T | null): T[] {
  const parsed = parseJson(v);
  if (!Array.isArray(parsed)) return [];
  const out: T[] = [];
  for (const item of parsed) {
    const ok = accept(item);
    if (ok !== null) out.push(ok);
  }
  return out;
}

const acceptInput = (item: unknown): InputRef | null => {
  const r = inputRefSchema.safeParse(item);
  return r.success ? r.data : null;
};
/**
 * Results are repaired field by field rather than validated whole: a result row written before a field
 * was added to the schema (or with one damaged field) must keep its file and URL, not vanish from the
 * task. Only an item with no usable index is dropped.
 */
const acceptResult = (item: unknown): TaskResult | null => {
  // The common case, a well-formed item, checked by hand (zod costs more than the rest of a row together).
  const quick = wellFormedResult(item);
  if (quick !== null) return quick;
  const strict = taskResultSchema.safeParse(item);
  if (strict.success) return strict.data;
  if (!isObject(item) || typeof item.index !== 'number' || !Number.isInteger(item.index) || item.index < 0)
    return null;
  const kind = taskResultSchema.shape.kind.safeParse(item.kind);
  const state = resultStateSchema.safeParse(item.state);
  return {
    index: item.index,
    kind: kind.success ? kind.data : 'other',
    remoteUrl: textOrNull(item.remoteUrl),
    file: textOrNull(item.file),
    mime: textOrNull(item.mime),
    bytesReceived: Math.max(0, Math.trunc(num(item.bytesReceived, 0))),
    bytesTotal: numOrNull(item.bytesTotal),
    sha256: textOrNull(item.sha256),
    thumbnail: textOrNull(item.thumbnail),
    // Unknown state: call it failed so the UI offers "retry download" rather than guessing it is on disk.
    state: state.success ? state.data : 'failed',
    error: textOrNull(item.error),
  };
};
const KINDS: ReadonlySet<unknown> = new Set(taskResultSchema.shape.kind.options);
const RESULT_STATES: ReadonlySet<unknown> = new Set(resultStateSchema.options);
const STATUSES: ReadonlySet<unknown> = new Set(taskStatusSchema.options);
const OPERATIONS: ReadonlySet<unknown> = new Set(operationIdSchema.options);
const FAMILIES: ReadonlySet<unknown> = new Set(familySchema.options);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const textOrNullOk = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The result fields {@link wellFormedResult} checks by hand; a field the schema gains later turns it off. */
const HANDLED = new Set([
  'index',
  'kind',
  'remoteUrl',
  'file',
  'mime',
  'bytesReceived',
  'bytesTotal',
  'sha256',
  'thumbnail',
  'state',
  'error',
  'retryAt',
]);
const FAST_RESULTS = Object.keys(taskResultSchema.shape).every((k) => HANDLED.has(k));

/** Exactly what `taskResultSchema.safeParse` accepts (and returns: its keys only), or null to ask the schema. */
function wellFormedResult(item: unknown): TaskResult | null {
  if (!FAST_RESULTS || !isObject(item)) return null;
  const { index, kind, remoteUrl, file, mime, bytesReceived, bytesTotal, sha256, state, error, retryAt } =
    item;
  const thumbnail = item.thumbnail === undefined ? null : item.thumbnail;
  const ok =
    count(index) &&
    KINDS.has(kind) &&
    textOrNullOk(remoteUrl) &&
    textOrNullOk(file) &&
    textOrNullOk(mime) &&
    count(bytesReceived) &&
    (bytesTotal === null || count(bytesTotal)) &&
    textOrNullOk(sha256) &&
    textOrNullOk(thumbnail) &&
    RESULT_STATES.has(state) &&
    textOrNullOk(error) &&
    (retryAt === undefined || retryAt === null || (typeof retryAt === 'number' && Number.isFinite(retryAt)));
  if (!ok) return null;
  return {
    index,
    kind: kind as TaskResult['kind'],
    remoteUrl,
    file,
    mime,
    bytesReceived,
    bytesTotal,
    sha256,
    thumbnail,
    state: state as TaskResult['state'],
    error,
    ...(retryAt === undefined ? {} : { retryAt: retryAt as number | null }),
  };
}

const acceptEvent = (item: unknown): { at: number; message: string } | null =>
  isObject(item) && typeof item.at === 'number' && typeof item.message === 'string'
    ? { at: item.at, message: item.message }
    : null;

const SEND_PHASES: ReadonlySet<unknown> = new Set<SendPhase>(['local', 'wire', 'answered']);

function readInternal(v: unknown, nextPollAt: number | null): TaskInternal {
  const o = objectColumn(v);
  return {
    // Migration 0011 set it on every row; a damaged value reads as `wire`: never sent again unasked.
    sendPhase: SEND_PHASES.has(o.sendPhase) ? (o.sendPhase as SendPhase) : 'wire',
    nextPollAt,
    pollCount: num(o.pollCount, 0),
    callbackToken: textOrNull(o.callbackToken),
    baseUrl: text(o.baseUrl, ''),
    vendor: text(o.vendor, ''),
    submitPath: text(o.submitPath, ''),
    pollExpectedMs: numOrNull(o.pollExpectedMs) ?? undefined,
    pollHighMs: numOrNull(o.pollHighMs) ?? undefined,
    // Only rows that were ever in Atelier's queue carry a place (a damaged one reads as null).
    queue: o.queue === undefined ? undefined : readQueuePlace(o.queue),
  };
}

function readStatus(v: unknown): TaskStatus {
  // An unrecognised status is shown as `unknown` (the user can check again), never a crash.
  return STATUSES.has(v) ? (v as TaskStatus) : 'unknown';
}

function readOperation(v: unknown): OperationId {
  // A newer build may have stored an operation this one does not know (operations need no migration).
  // Keeping the stored string shows the task rather than hiding paid history; the UI treats it as unknown.
  return OPERATIONS.has(v) ? (v as OperationId) : (text(v, '') as OperationId);
}

function readFamily(v: unknown, operationId: string): Family {
  if (FAMILIES.has(v)) return v as Family;
  const fromOperation = familySchema.safeParse(operationId.split('.')[0]);
  return fromOperation.success ? fromOperation.data : (text(v, '') as Family);
}

/**
 * A record read from this row before (`record`) and the columns changed since (`changed`): the JSON columns
 * not changed are taken from it as they are, not parsed again (each update would parse them all otherwise).
 */
export interface RowReuse {
  record: TaskRecord;
  changed: ReadonlySet<string>;
}

/**
 * Row (as returned by libsql, keyed by column name) → record. Returns null only when the row has no id,
 * which nothing but a hand-edited file can produce; callers skip such rows.
 */
export function fromRow(row: unknown, reuse?: RowReuse): TaskRecord | null {
  if (!isObject(row) || typeof row.id !== 'string') return null;
  const c: Cells = row;
  const kept = (...columns: (keyof TaskRowParams)[]): TaskRecord | null =>
    reuse && columns.every((col) => !reuse.changed.has(col)) ? reuse.record : null;
  const operationId = readOperation(c.operation_id);
  const updatedAt = num(c.updated_at, 0);
  return {
    id: row.id,
    operationId,
    family: readFamily(c.family, operationId),
    model: text(c.model, ''),
    profileId: text(c.profile_id, ''),
    demo: flag(c.demo),
    status: readStatus(c.status),
    rawStatus: textOrNull(c.raw_status),
    remoteId: textOrNull(c.remote_id),
    prompt: text(c.prompt, ''),
    progress: numOrNull(c.progress),
    error: textOrNull(c.error),
    points: numOrNull(c.points),
    favourite: flag(c.favourite),
    rateLimitedUntil: numOrNull(c.rate_limited_until),
    expectedMs: numOrNull(c.expected_ms),
    createdAt: num(c.created_at, updatedAt),
    submittedAt: numOrNull(c.submitted_at),
    finishedAt: numOrNull(c.finished_at),
    updatedAt,
    results: kept('results_json')?.results ?? arrayColumn(c.results_json, acceptResult),
    values: kept('values_json')?.values ?? objectColumn(c.values_json),
    extra: kept('extra_json')?.extra ?? objectColumn(c.extra_json),
    inputs: kept('inputs_json')?.inputs ?? arrayColumn(c.inputs_json, acceptInput),
    lastRawResponse: kept('last_raw_response_json')?.lastRawResponse ?? parseJson(c.last_raw_response_json) ?? null,
    events: kept('events_json')?.events ?? arrayColumn(c.events_json, acceptEvent),
    internal: kept('internal_json', 'next_poll_at')?.internal ?? readInternal(c.internal_json, numOrNull(c.next_poll_at)),
    batchId: textOrNull(c.batch_id),
    rejected: flag(c.rejected),
  };
}
