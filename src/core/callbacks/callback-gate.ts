import { normalizeTimestamp } from '../gateway/parse';

/** How far a callback's `timestamp` may be from our clock (either way: clocks drift, gateways queue). */
export const FRESHNESS_MS = 15 * 60_000;
const REMEMBERED = 5_000;

/**
 * The cheap checks on a signed callback, before any gateway query: its `timestamp` (seconds or
 * milliseconds) is fresh, and the same signed fields (taskNo, timestamp) were not already handled for this
 * task. Only those two are signed (`sign = sha256(taskNo + timestamp + key)`): anything else in the body
 * (`status`, `model`, `data`) can be changed by whoever replays it, so it never makes a replay look new.
 */
export class CallbackGate {
  private readonly seen = new Set<string>();

  fresh(timestamp: string, now: number): boolean {
    const ms = normalizeTimestamp(timestamp);
    return ms !== null && Math.abs(now - ms) <= FRESHNESS_MS;
  }

  /** True the first time this task is offered these signed fields; remembers a bounded number of them. */
  firstTime(taskId: string, taskNo: string, timestamp: string): boolean {
    const key = `${taskId}\u0000${taskNo}\u0000${timestamp}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value as string);
    return true;
  }
}
