const SECRET_KEYS = /^(authorization|x-api-key|api[-_]?key|key|token|secret|password|sign)$/i;

/**
 * Removes secrets from data before it is logged: header/field names that carry credentials, and any
 * occurrence of a known key value inside strings (so an echoed key in an upstream error never lands in logs).
 */
export function redact(value: unknown, knownSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') {
    let out = value.replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer ***');
    for (const s of knownSecrets) if (s.length >= 4) out = out.split(s).join('***');
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, knownSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '***' : redact(v, knownSecrets, depth + 1);
    return out;
  }
  return value;
}
