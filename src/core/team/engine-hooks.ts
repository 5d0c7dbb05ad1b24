import type { TaskRecord } from '../tasks/task-record';

/**
 * What the engine asks of team mode (absent in solo mode, where every task is this machine's and nothing is
 * reserved elsewhere). Kept to two questions so the engine stays one code path.
 */
export interface TeamEngineHooks {
  /** Whether this machine holds a live lease on the task: only then may it poll, download or send it. */
  mayWork(taskId: string): boolean;
  /**
   * Reserves the task's points and records it in the shared ledger, leased to this machine, before anything
   * is sent. Throws (with a message for the form) when a cap would be passed or the ledger is unreachable.
   */
  reserve(record: TaskRecord, boardId: string | null): Promise<void>;
  /**
   * Whether the ledger has the task's `sending` state, asked before the request goes out: true, and a machine
   * taking the task over finds it maybe sent, never one to send again. False (within a bound) when it could not
   * be recorded: the database is away or does not answer, or another machine holds the task now. The request
   * must not go out then: a takeover would find the task not sent, and send it too.
   */
  sendRecorded(taskId: string): Promise<boolean>;
  /**
   * The ledger answers now (its feed is live): a Generate with a free slot is reserved and sent at once, like
   * in solo mode. Otherwise it waits in the line, where a reservation may wait for the database.
   */
  reachable(): boolean;
}
