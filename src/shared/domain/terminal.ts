import type { TaskStatus } from './task';

/** Statuses a task never leaves by itself (zod-free, for the renderer's first screen). */
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isTerminal = (s: TaskStatus): boolean => TERMINAL_STATUSES.includes(s);
