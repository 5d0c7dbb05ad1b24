/**
 * The bridge's error codes and the error a handler throws, without zod: the renderer's first screen needs
 * them, and the schemas that check replies (result.ts) stay out of its chunks.
 */

/** Error codes a bridge reply may carry. Stable strings: the renderer maps them to messages. */
export const BRIDGE_ERROR_CODES = [
  'invalid_input',
  'unknown_method',
  'forbidden',
  'not_found',
  'conflict',
  'gateway_bad_request',
  'gateway_unauthorized',
  'gateway_unreachable',
  'internal',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

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
