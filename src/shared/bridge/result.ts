import { z } from 'zod';

import { BRIDGE_ERROR_CODES, BridgeError, type BridgeErrorCode } from './bridge-error';

export { BRIDGE_ERROR_CODES, BridgeError, type BridgeErrorCode };
export const bridgeErrorCodeSchema = z.enum(BRIDGE_ERROR_CODES);

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

