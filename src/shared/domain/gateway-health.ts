import { z } from 'zod';

/**
 * The gateway's health as its last answer told it, per profile: `ok` (reachable, key accepted), `keyRefused`
 * (401/403), `unreachable` (no answer, or 5xx), `rateLimited` (429), `unknown` (not asked yet since the key or
 * address last changed).
 */
export const gatewayHealthSchema = z.enum(['unknown', 'ok', 'keyRefused', 'unreachable', 'rateLimited']);
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;
