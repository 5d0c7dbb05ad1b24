/** Field names whose values are credentials wherever they appear (headers, bodies, options). */
const SECRET_KEYS =
  /^(authorization|proxy-authorization|x-api-key|api[-_]?key|key|token|access[-_]?token|secret|password|sign|cookie|set-cookie)$/i;

/** Replaces every occurrence of each known secret (as typed and URL-encoded) with `***`. */
export function scrubSecrets(text: string, knownSecrets: readonly string[]): string {
  let out = text;
  for (const s of knownSecrets) {
    // Very short values would shred ordinary text; real keys are long.
    if (s.length < 4) continue;
    out = out.split(s).join('***');
    const encoded = encodeURIComponent(s);
    if (encoded !== s) out = out.split(encoded).join('***');
  }
  return out;
}

/**
 * Removes secrets from data before it is logged: header/field names that carry credentials, `Bearer …`
 * tokens, and any occurrence of a known key value inside strings (so an echoed key in an upstream error
 * never lands in logs).
 */
export function redact(value: unknown, knownSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string')
    return scrubSecrets(value.replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer ***'), knownSecrets);
  if (Array.isArray(value)) return value.map((v) => redact(v, knownSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEYS.test(k) ? '***' : redact(v, knownSecrets, depth + 1);
    return out;
  }
  return value;
}

/**
 * Deep copy of a value with every known secret string replaced, field names untouched: for data that is
 * stored or shown (a gateway's raw answer), where masking fields named `token` would destroy meaning.
 */
export function scrubDeep(value: unknown, knownSecrets: readonly string[], depth = 0): unknown {
  if (knownSecrets.length === 0 || depth > 20) return value;
  if (typeof value === 'string') return scrubSecrets(value, knownSecrets);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, knownSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[scrubSecrets(k, knownSecrets)] = scrubDeep(v, knownSecrets, depth + 1);
    return out;
  }
  return value;
}
