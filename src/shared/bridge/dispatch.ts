import type { z } from 'zod';
import { contract, isMethodName, type Handlers, type MethodName } from './contract';
import { BridgeError, type BridgeReply } from './result';

export interface DispatchOptions {
  /** Called with unexpected errors (stack traces stay in logs, never in replies). */
  onInternalError?: (method: string, error: unknown) => void;
}

/** Text for a log line about any thrown value, even one whose `stack` getter or `toString` throws. */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return 'an error that cannot be printed';
  }
}

/** The reply for a call that failed in a way the caller must not see the details of. */
export const internalReply = (method: string, what = 'failed unexpectedly'): BridgeReply<never> => ({
  ok: false,
  error: { code: 'internal', message: `${method.slice(0, 64)} ${what}` },
});

const describeZodError = (e: z.ZodError): string =>
  e.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`)
    .join('; ');

/** Each invalid field's first message, by its dotted path (`callbacks.publicUrl`), so a form can show it there. */
const zodFields = (e: z.ZodError): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const i of e.issues.slice(0, 20)) {
    const path = i.path.join('.') || '(input)';
    fields[path] ??= i.message;
  }
  return fields;
};

/**
 * The boundary for one call, shared by both transports: refuse unknown methods, validate the input, call
 * core, validate the output (which also strips any field the contract does not declare), wrap the result.
 * Never rejects: whatever a handler throws becomes a reply.
 */
export async function dispatch(
  handlers: Handlers,
  method: unknown,
  rawInput: unknown,
  options: DispatchOptions = {},
): Promise<BridgeReply<unknown>> {
  // A report that fails (a logger that throws on this error) must never turn the reply into a rejection.
  const report = (m: string, error: unknown): void => {
    try {
      options.onInternalError?.(m, error);
    } catch {
      // the reply below still goes out
    }
  };
  if (!isMethodName(method)) return { ok: false, error: { code: 'unknown_method', message: `Unknown method: ${String(method).slice(0, 60)}` } };
  const spec = contract.methods[method];
  try {
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success)
      return { ok: false, error: { code: 'invalid_input', message: describeZodError(parsed.error), fields: zodFields(parsed.error) } };
    const handler = handlers[method] as (input: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    const out = spec.output.safeParse(value);
    if (!out.success) {
      report(method, out.error);
      return internalReply(method, 'produced an invalid reply');
    }
    return { ok: true, value: out.data };
  } catch (error) {
    if (error instanceof BridgeError)
      return { ok: false, error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
    report(method, error);
    return internalReply(method);
  }
}

export type { MethodName };
