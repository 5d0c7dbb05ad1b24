/**
 * The suggested name of a new board: `base`, or `base 2`, `base 3`… when a listed board already has it
 * (case and spaces aside, as core compares), so accepting the suggestion twice is not refused.
 */
export function freeBoardName(base: string, taken: readonly string[]): string {
  const have = new Set(taken.map((n) => n.trim().toLowerCase()));
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base} ${i}`;
    if (!have.has(name.toLowerCase())) return name;
  }
}
