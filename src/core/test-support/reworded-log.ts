import { LOG } from '../engine/lifecycle/texts';

/** Set for a process (and the cores it spawns) whose task log lines are all reworded: see rewordLog. */
export const REWORD_ENV = 'ATELIER_REWORD_LOG';
let done = false;

/**
 * Rewords every line a task's event log gets (issue 27: recovery reads state, never log text). Idempotent;
 * the test harness calls it in every core it starts while {@link REWORD_ENV} is set, child processes too.
 */
export function rewordLog(): void {
  if (done) return;
  done = true;
  const lines = LOG as Record<string, unknown>;
  for (const [key, value] of Object.entries(lines)) {
    if (typeof value === 'string') lines[key] = `⟨reworded ${key}⟩ ${[...value].reverse().join('')}`;
    else if (typeof value === 'function') {
      const original = value as (...args: unknown[]) => string;
      lines[key] = (...args: unknown[]) => `⟨reworded ${key}⟩ ${[...original(...args)].reverse().join('')}`;
    }
  }
}
