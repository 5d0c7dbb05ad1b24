import type { TaskStatus } from './task';

/** The raw status core gives a task that was still in the local queue when Atelier stopped. */
export const NOT_SENT_RAW = 'not sent';

/**
 * A draft that never reached the gateway (Atelier stopped while it waited to be sent): sent with one click.
 * Kept as status `unknown` with this raw status, so no stored status changes meaning.
 */
export const isNotSent = (task: { status: TaskStatus; rawStatus: string | null }): boolean =>
  task.status === 'unknown' && task.rawStatus === NOT_SENT_RAW;
