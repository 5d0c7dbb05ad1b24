import { describe, expect, it } from 'vitest';
import { makeTaskRecord } from '../db/test-fixtures';
import { isBookkeeping, PollBook } from './poll-book';

const running = makeTaskRecord({ status: 'running', error: null, results: [] });
const internal = { ...running.internal, pollCount: 3, nextPollAt: 123 };

describe('what counts as poll bookkeeping', () => {
  it('next poll, poll count, progress, the raw answer and the same status or error', () => {
    expect(
      isBookkeeping({ internal, progress: 40, rawStatus: 'RUNNING', lastRawResponse: { a: 1 } }, running),
    ).toBe(true);
    expect(
      isBookkeeping({ status: 'running', error: null, rateLimitedUntil: null, points: 3 }, running),
    ).toBe(true);
  });

  it('never a state transition, a result, an error, a finish or an event', () => {
    expect(isBookkeeping({ internal, status: 'succeeded' }, running)).toBe(false);
    expect(isBookkeeping({ internal, status: 'failed' }, running)).toBe(false);
    expect(isBookkeeping({ internal, error: 'Check failed' }, running)).toBe(false);
    expect(isBookkeeping({ internal, finishedAt: 5 }, running)).toBe(false);
    expect(isBookkeeping({ internal, results: [] }, running)).toBe(false);
    expect(isBookkeeping({ internal, events: [] }, running)).toBe(false);
    expect(isBookkeeping({ internal, remoteId: 'x' }, running)).toBe(false);
  });
});

describe('PollBook', () => {
  it('overlays what it keeps, hands it to the next write, and forgets only what a flush wrote', () => {
    const book = new PollBook();
    book.keep(running.id, { progress: 10 });
    book.keep(running.id, { internal });
    expect(book.overlay(running)).toMatchObject({ progress: 10, internal: { pollCount: 3 } });
    expect(book.nextPollAt(running.id)).toBe(123);
    const written: string[] = [];
    expect(() =>
      book.flush(() => {
        throw new Error('disk');
      }),
    ).toThrow('disk');
    expect(book.size).toBe(1);
    book.flush((entries) => entries.forEach(([id]) => written.push(id)));
    expect(written).toEqual([running.id]);
    expect(book.size).toBe(0);
    book.keep(running.id, { progress: 20 });
    expect(book.take(running.id)).toEqual({ progress: 20 });
    expect(book.overlay(running)).toBe(running);
  });
});
