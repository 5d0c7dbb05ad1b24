import type { Lease } from './ports';

/**
 * The leases this machine holds, each with the local time it must stop by. The server's `lease_until` is on
 * the server's clock; this machine stops working a task at its own clock's last renewal + lease length minus
 * a margin, so a clock skew or a stalled renewal never lets it work past the lease.
 */
export class HeldLeases {
  private readonly leases = new Map<string, { lease: Lease; stopAt: number }>();

  constructor(
    private readonly leaseMs: number,
    private readonly now: () => number,
  ) {}

  /** Records a lease taken or renewed at `at` (local clock, taken before the request was sent). */
  hold(lease: Lease, at: number): void {
    this.leases.set(lease.taskId, { lease, stopAt: at + this.leaseMs * 0.8 });
  }

  drop(taskId: string): void {
    this.leases.delete(taskId);
  }

  get(taskId: string): Lease | null {
    return this.leases.get(taskId)?.lease ?? null;
  }

  /** Held and not past its local stop time. */
  live(taskId: string): boolean {
    const h = this.leases.get(taskId);
    return h !== undefined && this.now() < h.stopAt;
  }

  all(): Lease[] {
    return [...this.leases.values()].map((h) => h.lease);
  }

  get size(): number {
    return this.leases.size;
  }
}
