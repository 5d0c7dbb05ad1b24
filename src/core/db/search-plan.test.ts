import { describe, expect, it } from 'vitest';
import { planSearch } from './search-plan';

describe('planSearch', () => {
  it('turns words into quoted prefix terms AND-ed together', () => {
    expect(planSearch('Red  fox')).toEqual({ words: '"red"* AND "fox"*', trigram: null, chars: null });
  });

  it('drops operators and punctuation instead of passing them to FTS5', () => {
    expect(planSearch('-foo "bar* NEAR(baz) OR')).toEqual({
      words: '"foo"* AND "bar"* AND "near"* AND "baz"* AND "or"*',
      trigram: null,
      chars: null,
    });
  });

  it('returns null when nothing is searchable', () => {
    expect(planSearch('')).toBeNull();
    expect(planSearch(' "*-() ')).toBeNull();
  });

  it('sends unspaced scripts to trigrams, or to the per-character index when shorter than three characters', () => {
    expect(planSearch('月光下 猫 月光')).toEqual({
      words: null,
      trigram: '"月光下"',
      chars: '"猫" AND "月 光"',
    });
  });
});
