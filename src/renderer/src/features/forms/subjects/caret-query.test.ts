import { describe, expect, it } from 'vitest';
import { insertToken, tokenQueryAt } from './caret-query';

describe('subject token query', () => {
  it('finds <<< and a partial id before the caret', () => {
    expect(tokenQueryAt('a <<<ca', 7)).toEqual({ start: 2, end: 7, partial: 'ca' });
    expect(tokenQueryAt('a <<<', 5)).toEqual({ start: 2, end: 5, partial: '' });
    expect(tokenQueryAt('a << b', 6)).toBeNull();
    expect(tokenQueryAt('<<<cat>>> x', 11)).toBeNull();
  });

  it('replaces the partial (and a token the caret sits in) with the chosen id', () => {
    const q = tokenQueryAt('hi <<<c and', 7);
    expect(q).not.toBeNull();
    if (!q) return;
    expect(insertToken('hi <<<c and', q, 'cat')).toEqual({ text: 'hi <<<cat>>> and', caret: 12 });
    const inside = tokenQueryAt('<<<dog>>> runs', 4);
    if (!inside) throw new Error('expected a query');
    expect(insertToken('<<<dog>>> runs', inside, 'cat').text).toBe('<<<cat>>> runs');
  });
});
