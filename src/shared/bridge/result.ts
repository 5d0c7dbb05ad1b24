import { z } from 'zod';

/** Error codes a bridge reply may carry. Stable strings: the renderer maps them to messages. */
export const bridgeErrorCodeSchema = z.enum([
  'invalid_input',
  'unknown_method',
  'forbidden',
  'not_found',
  'conflict',
  'gateway_bad_request',
  'gateway_unauthorized',
  'gateway_unreachable',
  'internal',
]);
export type BridgeErrorCode = z.infer<typeof bridgeErrorCodeSchema>;

export const bridgeErrorSchema = z.object({
  code: bridgeErrorCodeSchema,
  message: z.string(),
  /** Field-level messages (form validation), keyed by field name. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type BridgeErrorBody = z.infer<typeof bridgeErrorSchema>;

/** Every reply crossing a transport has this shape; errors never travel as thrown exceptions. */
export type BridgeReply<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorBody };

export const bridgeReplySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: bridgeErrorSchema }),
]);

/** Thrown inside core handlers to produce a typed error reply instead of `internal`. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}
