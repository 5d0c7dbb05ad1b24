import type { Logger } from '../ports';
import { redact } from './redact';

/** A JSON-lines logger to stderr with secrets redacted; `secrets()` supplies key values to scrub. */
export function createConsoleLogger(level: 'debug' | 'info' | 'warn' | 'error' = 'info', secrets: () => readonly string[] = () => []): Logger {
  const order = { debug: 0, info: 1, warn: 2, error: 3 } as const;
  const emit = (l: keyof typeof order) => (message: string, data?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const line = { t: new Date().toISOString(), level: l, message: redact(message, secrets()), ...(data ? { data: redact(data, secrets()) } : {}) };
    process.stderr.write(`${JSON.stringify(line)}\n`);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
