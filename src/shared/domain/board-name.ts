/** What makes two board names the same in the board list: trimmed and case folded (stored names are trimmed already). */
export const boardNameKey = (name: string): string => name.trim().toLowerCase();

/**
 * A free name for a board (a new one's suggestion; a team's second board of one name): `base`, or `base 2`, `base 3`… when a listed board already has it
 * (case and spaces aside, as core compares), so accepting the suggestion twice is not refused.
 */
export function freeBoardName(base: string, taken: readonly string[]): string {
  const have = new Set(taken.map(boardNameKey));
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base} ${i}`;
    if (!have.has(boardNameKey(name))) return name;
  }
}
