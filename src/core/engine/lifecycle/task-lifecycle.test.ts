import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminal, taskStatusSchema, type TaskStatus } from '../../../shared/domain/task';
import { getOperation } from '../../../shared/operations/catalog';
import type { QueryOutcome } from '../../gateway/adapter';
import { newTaskRecord } from '../record-factory';
import type { SendPhase, TaskRecord } from '../../tasks/task-record';
import { ALLOWED, POLLED, transition, USER_EVENTS, type Effect, type TaskEvent } from './task-lifecycle';

const STATUSES = taskStatusSchema.options;
const T0 = 1_700_000_000_000;

function task(
  status: TaskStatus,
  opts: { remoteId?: string | null; sendPhase?: SendPhase; files?: 'done' | 'pending' | 'none' } = {},
): TaskRecord {
  const record = newTaskRecord({
    id: 't1',
    op: getOperation('unifiedImage.generate'),
    values: { model: 'gpt-image-1.5', prompt: 'a fox', size: '1024x1024', n: 1, images: [] },
    extra: {},
    profileId: 'p',
    demo: false,
    now: T0,
    baseUrl: 'http://127.0.0.1:1',
    vendor: 'vendora',
    submitPath: '/v1/tasks/generations',
    callbackToken: null,
    expectedMs: null,
  });
  const files = opts.files ?? (status === 'succeeded' || status === 'downloading' ? 'pending' : 'none');
  return {
    ...record,
    status,
    remoteId: opts.remoteId === undefined ? (status === 'submitting' ? null : 'r-1') : opts.remoteId,
    results:
      files === 'none'
        ? []
        : [
            {
              index: 0,
              kind: 'image',
              remoteUrl: 'http://x/0.png',
              file: files === 'done' ? 'a.png' : null,
              mime: null,
              bytesReceived: 0,
              bytesTotal: null,
              sha256: null,
              thumbnail: null,
              state: files === 'done' ? 'done' : 'failed',
              error: null,
            },
          ],
    internal: {
      ...record.internal,
      sendPhase: opts.sendPhase ?? (status === 'submitting' ? 'local' : 'answered'),
    },
  };
}

const outcome = (status: TaskStatus, results: QueryOutcome['results'] = []): QueryOutcome => ({
  status,
  rawStatus: status,
  progress: null,
  error: null,
  points: null,
  results,
});
const FILE = [{ kind: 'url' as const, url: 'http://x/0.png' }];

/** One sample of every event (outcomes in several shapes). */
const EVENTS: TaskEvent[] = [
  { type: 'dequeued' },
  { type: 'deferred', kind: 'parallel', message: 'parallel task over resource pack limit', raw: { code: 1303 }, until: T0 + 2_000 },
  { type: 'deferred', kind: 'rate', message: 'slow down', raw: {}, until: T0 + 2_000 },
  { type: 'send-unrecorded', until: T0 + 5_000 },
  { type: 'reranked', rank: 0.5 },
  { type: 'withdrawn' },
  { type: 'sending' },
  { type: 'send-requested' },
  { type: 'not-sent' },
  { type: 'maybe-sent', cause: 'restart', message: '' },
  { type: 'maybe-sent', cause: 'connection', message: 'socket hang up' },
  { type: 'send-failed', message: 'no route' },
  { type: 'refused', message: 'bad prompt', raw: { code: 400 } },
  { type: 'accepted', remoteId: 'r-2', raw: {}, firstPollAt: T0 + 5_000 },
  { type: 'accepted-without-id', raw: {}, quoted: {} },
  ...(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'unknown'] as const).flatMap(
    (s): TaskEvent[] => [
      {
        type: 'answered-inline',
        outcome: outcome(s, s === 'succeeded' ? FILE : []),
        raw: {},
        output: 'image',
      },
      {
        type: 'polled',
        outcome: outcome(s, s === 'succeeded' ? FILE : []),
        raw: {},
        output: 'image',
        nextPollAt: T0 + 9_000,
        pollCount: 1,
      },
    ],
  ),
  { type: 'polled', outcome: outcome('succeeded'), raw: {}, output: 'image', nextPollAt: null, pollCount: 0 },
  { type: 'poll-failed', message: 'ECONNRESET', nextPollAt: T0 + 9_000 },
  { type: 'poll-refused', httpStatus: 404, note: 'not found', raw: {}, nextPollAt: T0 + 9_000 },
  { type: 'rate-limited', waitMs: 5_000 },
  { type: 'lost' },
  { type: 'horizon-passed' },
  { type: 'resumed' },
  { type: 'callback-received' },
  { type: 'adopted', remoteId: 'r-3' },
  { type: 'stopped' },
  { type: 'revived' },
  { type: 'retry-download' },
  { type: 'file-changed', index: 0, patch: { state: 'downloading' } },
  { type: 'urls-refreshed', raw: {}, results: FILE, output: 'image' },
  { type: 'downloads-done', last: { index: 0, patch: { state: 'done', file: 'a.png' } } },
  { type: 'downloads-done', last: null },
];

/** The effects a task may ask for in the state it moves into. */
function effectAllowed(effect: Effect, status: TaskStatus): boolean {
  if (effect.kind === 'poll') return POLLED.has(status);
  if (effect.kind === 'download') return status === 'downloading';
  return isTerminal(status);
}

/** Every shape of task per status (with and without a gateway id, each send phase, files on disk or not). */
function variants(status: TaskStatus): TaskRecord[] {
  const phases: SendPhase[] = ['local', 'wire', 'answered'];
  return phases.flatMap((sendPhase) =>
    [null, 'r-1'].flatMap((remoteId) =>
      (status === 'succeeded' ? (['done', 'pending'] as const) : [undefined]).map((files) =>
        task(status, { sendPhase, remoteId, ...(files ? { files } : {}) }),
      ),
    ),
  );
}

describe('transition: every (status, event) pair against ALLOWED', () => {
  const used = new Set<string>();
  for (const from of STATUSES)
    for (const event of EVENTS)
      it(`${from} × ${event.type}${'outcome' in event ? ` (${event.outcome.status})` : ''}`, () => {
        for (const t of variants(from)) {
          const { patch, effects } = transition(t, event, T0 + 1_000);
          const to = patch?.status ?? from;
          if (to !== from) {
            expect(ALLOWED[from], `${from} → ${to} on ${event.type}`).toContain(to);
            used.add(`${from}>${to}`);
          }
          if (patch === null) expect(effects).toEqual([]);
          for (const e of effects)
            expect(effectAllowed(e, to), `${e.kind} in ${to} after ${event.type}`).toBe(true);
          if (isTerminal(from) && to !== from)
            expect(USER_EVENTS.has(event.type), `${from} moved by ${event.type}`).toBe(true);
        }
      });
  it('every move ALLOWED lists is made by some event (no dead entry in the table)', () => {
    const listed = STATUSES.flatMap((from) => ALLOWED[from].map((to) => `${from}>${to}`));
    expect(listed.filter((edge) => !used.has(edge))).toEqual([]);
  });
});

describe('transition: decisions the engine relies on', () => {
  it('a task is sent once: a second `sending` and a Send of a task on the wire change nothing', () => {
    const local = task('submitting');
    const wire = { ...local, ...transition(local, { type: 'sending' }, T0).patch } as TaskRecord;
    expect(wire.internal.sendPhase).toBe('wire');
    expect(transition(wire, { type: 'sending' }, T0).patch).toBeNull();
    const unknown = {
      ...wire,
      ...transition(wire, { type: 'maybe-sent', cause: 'restart', message: '' }, T0).patch,
    } as TaskRecord;
    expect(unknown.status).toBe('unknown');
    expect(transition(unknown, { type: 'send-requested' }, T0).patch).toBeNull();
  });
  it('a send the team database did not record waits again, saying why; an answered task is never put back', () => {
    const onWire = task('submitting', { sendPhase: 'wire' });
    const { patch } = transition(onWire, { type: 'send-unrecorded', until: T0 + 5_000 }, T0);
    expect(patch).toMatchObject({ status: 'waiting', error: null, internal: { sendPhase: 'local', queue: { notBefore: T0 + 5_000, reason: 'ledger' } } });
    expect(patch?.rawStatus).toMatch(/team database/);
    expect(patch?.events?.at(-1)?.message).toMatch(/not sent/);
    // Back through the gate: the raw status that said why it waited is cleared.
    const waiting = { ...onWire, ...patch } as TaskRecord;
    expect(transition(waiting, { type: 'dequeued' }, T0 + 6_000).patch).toMatchObject({ status: 'submitting', rawStatus: null });
    for (const t of [task('submitting'), task('submitting', { sendPhase: 'answered' }), task('queued')])
      expect(transition(t, { type: 'send-unrecorded', until: T0 }, T0).patch).toBeNull();
  });

  it('a restart tells a task never sent (local) from one on the wire by state alone', () => {
    expect(
      transition(task('submitting', { sendPhase: 'local' }), { type: 'not-sent' }, T0).patch,
    ).toMatchObject({ status: 'unknown', rawStatus: 'not sent' });
    expect(transition(task('submitting', { sendPhase: 'wire' }), { type: 'not-sent' }, T0).patch).toBeNull();
  });
  it('a poll that learns only "not yet" is bookkeeping (kept in memory), a status change is written now', () => {
    const running = task('running');
    const same = transition(
      running,
      {
        type: 'polled',
        outcome: outcome('running'),
        raw: {},
        output: 'image',
        nextPollAt: T0 + 5,
        pollCount: 2,
      },
      T0,
    );
    expect(same.persist).toBe('soon');
    expect(same.effects).toEqual([{ kind: 'poll', at: T0 + 5 }]);
    const done = transition(
      running,
      {
        type: 'polled',
        outcome: outcome('succeeded', FILE),
        raw: {},
        output: 'image',
        nextPollAt: null,
        pollCount: 0,
      },
      T0,
    );
    expect(done.persist).toBe('now');
    expect(done.patch?.status).toBe('downloading');
    expect(done.effects).toEqual([{ kind: 'download', inline: [] }]);
  });
  it('success without a file is a failure; a late answer for a stopped task leaves it stopped but keeps its id', () => {
    expect(
      transition(
        task('running'),
        {
          type: 'polled',
          outcome: outcome('succeeded'),
          raw: {},
          output: 'image',
          nextPollAt: null,
          pollCount: 0,
        },
        T0,
      ).patch?.status,
    ).toBe('failed');
    const stopped = task('cancelled', { remoteId: null });
    const late = transition(stopped, { type: 'accepted', remoteId: 'r-9', raw: {}, firstPollAt: T0 }, T0);
    expect(late.patch).toMatchObject({ remoteId: 'r-9' });
    expect(late.patch?.status).toBeUndefined();
    expect(late.effects).toEqual([]);
  });
});

const eventArb: fc.Arbitrary<TaskEvent> = fc.constantFrom(...EVENTS);

describe('transition: random event sequences (property)', () => {
  it('no finished task moves but by the user, no task is sent twice, every effect fits the state it leaves into', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.boolean(), (events, startAnswered) => {
        let t = task('submitting', { sendPhase: startAnswered ? 'answered' : 'local' });
        let sends = startAnswered ? 1 : 0;
        let now = T0;
        for (const event of events) {
          now += 1_000;
          const from = t.status;
          const { patch, effects } = transition(t, event, now);
          const next = patch ? ({ ...t, ...patch } as TaskRecord) : t;
          if (next.status !== from) {
            expect(ALLOWED[from]).toContain(next.status);
            if (isTerminal(from)) expect(USER_EVENTS.has(event.type)).toBe(true);
          }
          if (event.type === 'sending' && patch) sends++;
          // A "not now" refusal (1303, 1302, 429) is the gateway's answer that it created nothing: that
          // request does not count as a task at the gateway, and the task may be sent again (issue 30).
          // Team mode: the ledger did not record the send, so the request was never made (sendRecorded).
          const sendable = event.type === 'deferred' || event.type === 'send-unrecorded';
          if (sendable && patch) sends--;
          expect(sends).toBeLessThanOrEqual(1);
          // Once a request may have gone out, nothing but a "not now" answer makes the task sendable again.
          if (t.internal.sendPhase !== 'local' && !sendable) expect(next.internal.sendPhase).not.toBe('local');
          if (sendable && patch) expect(t.internal.sendPhase).toBe('wire');
          for (const e of effects) expect(effectAllowed(e, next.status)).toBe(true);
          t = next;
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('a gateway answer for a waiting task (property counterexample, seed 808716300)', () => {
  for (const answer of [
    { type: 'accepted-without-id', raw: {}, quoted: {} },
    { type: 'accepted', remoteId: 'late-1', raw: {}, firstPollAt: null },
  ] as TaskEvent[]) {
    it(`${answer.type} after a "not now" does not apply: the task stays sendable once, never marked answered and then sent again`, () => {
      let t = task('submitting', { sendPhase: 'local' });
      const step = (event: TaskEvent, at: number): void => {
        const { patch } = transition(t, event, at);
        if (patch) t = { ...t, ...patch } as TaskRecord;
      };
      step({ type: 'sending' }, T0 + 1_000);
      step({ type: 'deferred', kind: 'parallel', message: 'parallel task over resource pack limit', raw: { code: 1303 }, until: T0 + 2_000 }, T0 + 2_000);
      expect(t.status).toBe('waiting');
      expect(transition(t, answer, T0 + 3_000).patch).toBeNull();
      step({ type: 'dequeued' }, T0 + 4_000);
      expect(t).toMatchObject({ status: 'submitting', remoteId: null, internal: { sendPhase: 'local' } });
    });
  }
});
