import type { TaskStatus } from '../shared/domain/task';

/** Statuses that count as "running" for the badge and title (same group as the gallery's "active"). */
export const IN_FLIGHT: readonly TaskStatus[] = ['submitting', 'queued', 'running', 'downloading'];

export function runningCount(counts: Partial<Record<TaskStatus, number>>): number {
  return IN_FLIGHT.reduce((n, s) => n + (counts[s] ?? 0), 0);
}

/** `Atelier` when idle, `(3) Atelier` while three tasks are in flight (matches the web page's title). */
export function windowTitle(running: number, base = 'Atelier'): string {
  return running > 0 ? `(${running}) ${base}` : base;
}
