import { normalizeTimestamp } from '../gateway/parse';

/** How far a callback's `timestamp` may be from our clock (either way: clocks drift, gateways queue). */
export const FRESHNESS_MS = 15 * 60_000;
const REMEMBERED = 5_000;

/**
 * The cheap checks on a signed callback, before any gateway query: its `timestamp` (seconds or
 * milliseconds) is fresh, and the same (task, status, timestamp) was not already handled: a replay is
 * answered without querying the gateway again.
 */
export class CallbackGate {
  private readonly seen = new Set<string>();

  fresh(timestamp: string, now: number): boolean {
    const ms = normalizeTimestamp(timestamp);
    return ms !== null && Math.abs(now - ms) <= FRESHNESS_MS;
  }

  /** True the first time this (task, status, timestamp) is offered; remembers a bounded number of them. */
  firstTime(taskId: string, status: unknown, timestamp: string): boolean {
    const key = `${taskId}\u0000${typeof status === 'string' ? status : ''}\u0000${timestamp}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value as string);
    return true;
  }
}
