/**
 * The pure rules of the queue (issue 30): the order of the waiting tasks, moves in that order, and which
 * tasks may be sent now. No I/O, no clock: the queue service feeds it what the store and the engine know.
 */

/** A waiting task as the line sees it. */
export interface WaitingItem {
  id: string;
  profileId: string;
  rank: number;
  /** End of a "not now" backoff (engine clock); null: none. */
  notBefore: number | null;
  createdAt: number;
}

/** A profile's slots: its limit (null: unlimited), tasks running at the gateway now, and its pause. */
export interface SlotState {
  limit: number | null;
  running: number;
  paused: boolean;
}

/** Order within a profile's line: rank, then age, then id (a total order, so every process agrees). */
export function compareItems(a: WaitingItem, b: WaitingItem): number {
  return a.rank - b.rank || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function ordered<T extends WaitingItem>(items: readonly T[]): T[] {
  return [...items].sort(compareItems);
}

/** The rank of a task joining the end of the line. */
export function rankAtEnd(items: readonly WaitingItem[]): number {
  return items.reduce((max, i) => Math.max(max, i.rank), 0) + 1;
}

/** The rank that puts a task first ("Send next"). */
export function rankAtFront(items: readonly WaitingItem[], id: string): number {
  const others = items.filter((i) => i.id !== id);
  return others.length ? Math.min(...others.map((i) => i.rank)) - 1 : 1;
}

/** The rank that puts a task last ("Send last"). */
export function rankAtBack(items: readonly WaitingItem[], id: string): number {
  return rankAtEnd(items.filter((i) => i.id !== id));
}

/**
 * The rank that puts `id` just before `beforeId` (a drop in the list); `beforeId` null: at the end.
 * Between two neighbours it takes the midpoint; when floating point runs out of room between them (after
 * very many moves), null asks the caller to renumber the line first ({@link renumbered}).
 */
export function rankBefore(items: readonly WaitingItem[], id: string, beforeId: string | null): number | null {
  const line = ordered(items.filter((i) => i.id !== id));
  if (beforeId === null) return rankAtEnd(line);
  const at = line.findIndex((i) => i.id === beforeId);
  if (at < 0) return rankAtEnd(line);
  const next = line[at]!.rank;
  const prev = at > 0 ? line[at - 1]!.rank : next - 2;
  const mid = prev + (next - prev) / 2;
  return mid > prev && mid < next ? mid : null;
}

/** Ranks 1, 2, 3… in the current order: room again between every two neighbours. */
export function renumbered(items: readonly WaitingItem[]): Map<string, number> {
  return new Map(ordered(items).map((item, index) => [item.id, index + 1]));
}

/**
 * Which waiting tasks may be sent now, in the order they should go. Per profile, the line is strict: the
 * first task that cannot go (its backoff has not passed) holds the ones behind it, so the gateway receives
 * tasks in the order the user arranged. A paused queue (or profile) sends nothing; a full profile waits.
 */
export function pickToSend(
  waiting: readonly WaitingItem[],
  slots: (profileId: string) => SlotState,
  allPaused: boolean,
  now: number,
): string[] {
  if (allPaused) return [];
  const byProfile = new Map<string, WaitingItem[]>();
  for (const item of ordered(waiting)) {
    const line = byProfile.get(item.profileId) ?? [];
    line.push(item);
    byProfile.set(item.profileId, line);
  }
  const picked: string[] = [];
  for (const [profileId, line] of byProfile) {
    const slot = slots(profileId);
    if (slot.paused) continue;
    let free = slot.limit === null ? Number.POSITIVE_INFINITY : slot.limit - slot.running;
    for (const item of line) {
      if (free <= 0) break;
      if (item.notBefore !== null && item.notBefore > now) break;
      picked.push(item.id);
      free--;
    }
  }
  return picked;
}

/** The earliest backoff end still ahead (when the queue should look again), or null. */
export function nextWake(waiting: readonly WaitingItem[], now: number): number | null {
  let next: number | null = null;
  for (const i of waiting) if (i.notBefore !== null && i.notBefore > now && (next === null || i.notBefore < next)) next = i.notBefore;
  return next;
}

/**
 * The limit a parallel-limit refusal teaches: the gateway refused while `runningAtRefusal` other tasks of
 * the profile ran, so that many is what it allows (at least one). A limit already lower stays.
 */
export function learnedLimit(current: number | null, runningAtRefusal: number): number {
  const taught = Math.max(1, runningAtRefusal);
  return current === null ? taught : Math.min(current, taught);
}
