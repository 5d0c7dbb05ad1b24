import type { Logger } from '../ports';
import { redact } from './redact';

/**
 * Wraps any injected logger so every message and data object is redacted before it reaches it: credential
 * fields, `Bearer …` values and every key value core knows. Core wraps its `log` port with this, so a
 * host-supplied logger (console, file, a test's capture) can never receive a key.
 */
export function redactingLogger(inner: Logger, secrets: () => readonly string[]): Logger {
  const wrap =
    (level: keyof Logger) =>
    (message: string, data?: Record<string, unknown>): void => {
      const known = secrets();
      const cleanData = data === undefined ? undefined : (redact(data, known) as Record<string, unknown>);
      inner[level](String(redact(message, known)), cleanData);
    };
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
