import { describe, expect, it } from 'vitest';
import { FLING_PX, nextFling, type FlingState } from './fling';

const run = (steps: [number, boolean][], from: FlingState = { offset: 0, fling: false }): boolean[] => {
  const out: boolean[] = [];
  let s = from;
  for (const [offset, scrolling] of steps) {
    s = nextFling(s, offset, scrolling);
    out.push(s.fling);
  }
  return out;
};

describe('nextFling', () => {
  it('is a fling while each step moves more than FLING_PX, not at 40 px a step', () => {
    const fast = Array.from({ length: 5 }, (_, i): [number, boolean] => [(i + 1) * 200, true]);
    expect(run(fast)).toEqual([true, true, true, true, true]);
    const slow = Array.from({ length: 5 }, (_, i): [number, boolean] => [(i + 1) * 40, true]);
    expect(run(slow)).toEqual([false, false, false, false, false]);
    expect(run([[FLING_PX, true], [2 * FLING_PX + 1, true]])).toEqual([false, true]);
  });

  it('stays a fling through a render that did not move (a page of data arriving)', () => {
    expect(run([[200, true], [200, true], [400, true]])).toEqual([true, true, true]);
  });

  it('ends when the scroll slows down or stops', () => {
    expect(run([[200, true], [400, true], [430, true]])).toEqual([true, true, false]);
    expect(run([[200, true], [400, true], [400, false]])).toEqual([true, true, false]);
  });

  it('returns the same state when nothing changed (no re-render)', () => {
    const s: FlingState = { offset: 300, fling: false };
    expect(nextFling(s, 300, false)).toBe(s);
    expect(nextFling(s, 300, true)).toBe(s);
  });
});
