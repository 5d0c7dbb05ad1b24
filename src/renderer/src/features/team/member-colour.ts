/** Calm hues for member initials, picked by the name so a member keeps one colour on every machine. */
const HUES = [212, 162, 28, 280, 340, 190, 48, 248];

export function memberHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return HUES[h % HUES.length] ?? HUES[0]!;
}

/** The first letter of the name (a whole character, also for CJK and emoji), upper-cased. */
export function memberInitial(name: string): string {
  const first = [...name.trim()][0] ?? '?';
  return first.toLocaleUpperCase();
}
