import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnedLimit, nextWake, ordered, pickToSend, rankAtBack, rankAtFront, rankBefore, renumbered, type SlotState, type WaitingItem } from './queue-line';
import { startEstimates } from './queue-eta';
import { backoffMs, busyKind } from './busy-refusal';

const item = (id: string, rank: number, profileId = 'p', notBefore: number | null = null): WaitingItem => ({ id, profileId, rank, notBefore, createdAt: 0 });
const open = (limit: number | null, running = 0): SlotState => ({ limit, running, paused: false });

describe('the waiting line', () => {
  it('sends in line order up to the free slots of each profile, and nothing while paused', () => {
    const line = [item('c', 3), item('a', 1), item('b', 2), item('x', 1, 'q')];
    const slots = (p: string) => (p === 'p' ? open(3, 1) : open(null));
    expect(pickToSend(line, slots, false, 0)).toEqual(['a', 'b', 'x']);
    expect(pickToSend(line, slots, true, 0)).toEqual([]);
    expect(pickToSend(line, (p) => ({ ...slots(p), paused: p === 'q' }), false, 0)).toEqual(['a', 'b']);
  });

  it('holds the line behind a task still backing off (the gateway receives the arranged order)', () => {
    const line = [item('a', 1, 'p', 500), item('b', 2)];
    expect(pickToSend(line, () => open(null), false, 100)).toEqual([]);
    expect(pickToSend(line, () => open(null), false, 500)).toEqual(['a', 'b']);
    expect(nextWake(line, 100)).toBe(500);
  });

  it('never picks more than the free slots, in order, for any line (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rank: fc.integer({ min: -50, max: 50 }), profile: fc.constantFrom('p', 'q') }), { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
        fc.integer({ min: 0, max: 8 }),
        (raw, limit, running) => {
          const line = raw.map((r, i) => item(`t${i}`, r.rank, r.profile));
          const picked = pickToSend(line, () => open(limit, running), false, 0);
          for (const profile of ['p', 'q']) {
            const mine = ordered(line.filter((i) => i.profileId === profile)).map((i) => i.id);
            const sent = picked.filter((id) => mine.includes(id));
            const room = limit === null ? mine.length : Math.max(0, limit - running);
            expect(sent).toEqual(mine.slice(0, Math.min(room, mine.length)));
          }
        },
      ),
    );
  });

  it('moves: send next, send last, and a drop before another task (property: the moved task lands there)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -100, max: 100 }), { minLength: 2, maxLength: 12 }), fc.nat(), fc.nat(), (ranks, a, b) => {
        const line = ranks.map((r, i) => item(`t${i}`, r));
        const moved = line[a % line.length]!;
        const target = line[b % line.length]!;
        const apply = (rank: number) => ordered(line.map((i) => (i.id === moved.id ? { ...i, rank } : i))).map((i) => i.id);
        expect(apply(rankAtFront(line, moved.id))[0]).toBe(moved.id);
        expect(apply(rankAtBack(line, moved.id)).at(-1)).toBe(moved.id);
        if (target.id !== moved.id) {
          const rank = rankBefore(line, moved.id, target.id);
          expect(rank).not.toBeNull();
          const after = apply(rank!);
          expect(after.indexOf(moved.id)).toBe(after.indexOf(target.id) - 1);
        }
      }),
    );
  });

  it('asks for a renumbering when two neighbours have no room left between them', () => {
    const line = [item('a', 1), item('b', 1 + Number.EPSILON), item('m', 9)];
    expect(rankBefore(line, 'm', 'b')).toBeNull();
    const fresh = renumbered(line);
    expect([...fresh.values()]).toEqual([1, 2, 3]);
    const again = line.map((i) => ({ ...i, rank: fresh.get(i.id)! }));
    expect(rankBefore(again, 'm', 'b')).toBe(1.5);
  });

  it('learns the limit from the tasks running at a refusal, and never raises a lower one', () => {
    expect(learnedLimit(null, 2)).toBe(2);
    expect(learnedLimit(null, 0)).toBe(1);
    expect(learnedLimit(1, 3)).toBe(1);
    expect(learnedLimit(5, 3)).toBe(3);
  });
});

describe('start estimates', () => {
  it('fills the slots as running tasks finish: 3rd in line with two slots starts after the first waiting task ends', () => {
    const eta = startEstimates({
      limit: 2,
      running: [{ finishAt: 60_000 }, { finishAt: 30_000 }],
      waiting: [
        { id: 'w1', expectedMs: 60_000, notBefore: null },
        { id: 'w2', expectedMs: 60_000, notBefore: null },
        { id: 'w3', expectedMs: 60_000, notBefore: null },
      ],
      now: 0,
      fallbackMs: 10_000,
    });
    expect(Object.fromEntries(eta)).toEqual({ w1: 30_000, w2: 60_000, w3: 90_000 });
  });

  it('starts at once with free slots or no limit, waits out a backoff, and copes with more running than the limit', () => {
    const waiting = [{ id: 'w', expectedMs: null, notBefore: 5_000 }];
    expect(startEstimates({ limit: null, running: [], waiting, now: 0, fallbackMs: 1 }).get('w')).toBe(5_000);
    expect(startEstimates({ limit: 3, running: [{ finishAt: 9_000 }], waiting: [{ id: 'w', expectedMs: null, notBefore: null }], now: 0, fallbackMs: 1 }).get('w')).toBe(0);
    // Three run under a learned limit of 2: the first slot frees when two finished (at 20 s), not at 10 s.
    const over = startEstimates({ limit: 2, running: [{ finishAt: 10_000 }, { finishAt: 20_000 }, { finishAt: 30_000 }], waiting: [{ id: 'w', expectedMs: 1, notBefore: null }], now: 0, fallbackMs: 1 });
    expect(over.get('w')).toBe(20_000);
  });

  it('never estimates a later task in line to start before an earlier one (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.array(fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }), { maxLength: 6 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }), { maxLength: 10 }),
        (limit, running, waiting) => {
          const eta = startEstimates({
            limit,
            running: running.map((finishAt) => ({ finishAt })),
            waiting: waiting.map((expectedMs, i) => ({ id: `w${i}`, expectedMs, notBefore: null })),
            now: 0,
            fallbackMs: 20_000,
          });
          const starts = waiting.map((_, i) => eta.get(`w${i}`)!);
          starts.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            if (i > 0) expect(s).toBeGreaterThanOrEqual(starts[i - 1]!);
          });
        },
      ),
    );
  });
});

describe('"not now" refusals', () => {
  it('tells a parallel limit from a rate limit, and a plain refusal from both', () => {
    expect(busyKind({ httpStatus: 200, envelopeCode: '1303', raw: {} })).toBe('parallel');
    expect(busyKind({ httpStatus: 200, envelopeCode: '1302', raw: {} })).toBe('rate');
    expect(busyKind({ httpStatus: 200, envelopeCode: '1201', raw: {} })).toBeNull();
    expect(busyKind({ httpStatus: 429, envelopeCode: null, raw: { code: 'parallel_limit', message: 'x' } })).toBe('parallel');
    expect(busyKind({ httpStatus: 429, envelopeCode: null, raw: { error: { message: 'Too many concurrent tasks' } } })).toBe('parallel');
    expect(busyKind({ httpStatus: 429, envelopeCode: null, raw: { code: 'rate_limited', message: 'slow down' } })).toBe('rate');
    expect(busyKind({ httpStatus: 429, envelopeCode: null, raw: 'Too Many Requests' })).toBe('rate');
    expect(busyKind({ httpStatus: 400, envelopeCode: null, raw: { code: 'parallel_limit' } })).toBeNull();
    expect(busyKind({ httpStatus: 500, envelopeCode: null, raw: null })).toBeNull();
  });

  it('backs off longer with each refusal, at least the Retry-After, at most a minute (5 with Retry-After)', () => {
    expect(backoffMs('rate', 1, null)).toBe(2_000);
    expect(backoffMs('rate', 3, null)).toBe(8_000);
    expect(backoffMs('rate', 40, null)).toBe(60_000);
    expect(backoffMs('parallel', 1, 2_000)).toBe(2_000);
    expect(backoffMs('rate', 1, 3_600_000)).toBe(300_000);
  });
});
