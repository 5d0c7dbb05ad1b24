const NO_IDS: readonly string[] = Object.freeze([]);

/** The most ids one "who made these" call asks about (a screenful is far fewer). */
export const MEMBER_QUERY_MAX_IDS = 500;

/**
 * The ids a "who made these tasks" query is keyed on. In solo mode none, always the same array: the query is
 * disabled there, and a key that followed the visible page made a new (idle) query in the cache each time
 * a scroll changed the visible rows. In team mode the page's ids, unique and sorted, so the same page asks once.
 */
export function memberQueryIds(ids: readonly string[], teamActive: boolean): readonly string[] {
  if (!teamActive || ids.length === 0) return NO_IDS;
  return [...new Set(ids)].sort().slice(0, MEMBER_QUERY_MAX_IDS);
}
