import { describe, expect, it } from 'vitest';
import { MEMBER_QUERY_MAX_IDS, memberQueryIds } from './member-query';

describe('memberQueryIds', () => {
  it('keys every solo page on one unchanging array, so scrolling makes no new queries', () => {
    const first = memberQueryIds(['t3', 't1'], false);
    const next = memberQueryIds(['t9', 't8', 't7'], false);
    expect(first).toEqual([]);
    expect(next).toBe(first);
    expect(memberQueryIds([], true)).toBe(first);
  });

  it('keys a team page on its ids, unique and sorted, so the same page asks once', () => {
    expect(memberQueryIds(['t3', 't1', 't3', 't2'], true)).toEqual(['t1', 't2', 't3']);
    expect(memberQueryIds(['t2', 't1'], true)).toEqual(memberQueryIds(['t1', 't2'], true));
  });

  it('asks about at most MEMBER_QUERY_MAX_IDS tasks', () => {
    const ids = Array.from({ length: MEMBER_QUERY_MAX_IDS + 20 }, (_, i) => `t${String(i).padStart(4, '0')}`);
    expect(memberQueryIds(ids, true)).toHaveLength(MEMBER_QUERY_MAX_IDS);
  });
});
