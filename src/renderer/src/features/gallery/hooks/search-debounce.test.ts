import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchDebounce } from './search-debounce';

describe('search debounce (issue 31)', () => {
  let applied: string[];
  let debounce: ReturnType<typeof createSearchDebounce>;
  beforeEach(() => {
    vi.useFakeTimers();
    applied = [];
    debounce = createSearchDebounce(
      (term) => applied.push(term),
      40,
      () => Date.now(),
    );
  });
  afterEach(() => {
    debounce.cancel();
    vi.useRealTimers();
  });

  it('applies a term typed after a pause at once, with no wait', () => {
    vi.advanceTimersByTime(1000);
    debounce.push('fox');
    expect(applied).toEqual(['fox']);
    vi.advanceTimersByTime(500);
    debounce.push('foxes');
    expect(applied).toEqual(['fox', 'foxes']);
  });

  it('a burst faster than the delay is one search, the last term, after the burst', () => {
    vi.advanceTimersByTime(1000);
    debounce.push('l');
    for (const term of ['li', 'lig', 'ligh']) {
      vi.advanceTimersByTime(10);
      debounce.push(term);
    }
    expect(applied).toEqual(['l']);
    vi.advanceTimersByTime(39);
    expect(applied).toEqual(['l']);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(['l', 'ligh']);
  });

  it('a cleared box applies at once and drops a pending term', () => {
    vi.advanceTimersByTime(1000);
    debounce.push('k');
    vi.advanceTimersByTime(10);
    debounce.push('ko');
    debounce.push('');
    vi.advanceTimersByTime(100);
    expect(applied).toEqual(['k', '']);
  });
});
