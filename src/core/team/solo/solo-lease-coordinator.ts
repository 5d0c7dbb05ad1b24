import type { Lease, LeaseCoordinator } from '../ports';

/** One machine: every task is always this machine's to work; nothing ever expires or is taken over. */
export class SoloLeaseCoordinator implements LeaseCoordinator {
  readonly leaseMs = Number.POSITIVE_INFINITY;
  constructor(readonly owner: string) {}

  async acquire(taskId: string): Promise<Lease> {
    return { taskId, owner: this.owner, epoch: 1, until: Number.POSITIVE_INFINITY };
  }

  async renew(lease: Lease): Promise<Lease> {
    return lease;
  }

  async renewAll(leases: readonly Lease[]): Promise<Map<string, Lease>> {
    return new Map(leases.map((l) => [l.taskId, l]));
  }

  async release(): Promise<void> {}

  async claimExpired(): Promise<Lease[]> {
    return [];
  }
}
