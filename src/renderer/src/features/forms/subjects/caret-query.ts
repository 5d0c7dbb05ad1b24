/** The `<<<partial` being typed at the caret, if any: where it starts and where a choice should end. */
export interface TokenQuery {
  start: number;
  end: number;
  partial: string;
}

export function tokenQueryAt(text: string, caret: number): TokenQuery | null {
  const m = /<<<([A-Za-z0-9_-]*)$/.exec(text.slice(0, caret));
  if (!m) return null;
  const rest = /^([A-Za-z0-9_-]*)(>>>)?/.exec(text.slice(caret));
  return { start: m.index, end: caret + (rest?.[0].length ?? 0), partial: m[1] ?? '' };
}

/** Replaces the query with a complete token; returns the new text and where the caret goes. */
export function insertToken(text: string, q: TokenQuery, id: string): { text: string; caret: number } {
  const token = `<<<${id}>>>`;
  const next = text.slice(0, q.start) + token + text.slice(q.end);
  return { text: next, caret: q.start + token.length };
}
