/** Field names whose values are credentials wherever they appear (headers, bodies, options). */
const SECRET_KEYS =
  /^(authorization|proxy-authorization|x-api-key|api[-_]?key|key|token|access[-_]?token|secret|password|sign|cookie|set-cookie)$/i;

/**
 * The spellings a key can travel in: as typed, URL-encoded, and base64/base64url at each of the three byte
 * alignments (a key inside `user:key` or any longer encoded text). For base64 the characters that depend on
 * the neighbouring bytes are left out, so the stable middle is matched wherever the key sits.
 */
export function secretForms(secret: string): string[] {
  const known = formsCache.get(secret);
  if (known !== undefined) return known;
  const forms = computeForms(secret);
  // A handful of keys per process (active, replaced, demo): bounded anyway.
  if (formsCache.size >= 64) formsCache.clear();
  formsCache.set(secret, forms);
  return forms;
}

/** Every write scrubs against every key: the forms of a key are worked out once. */
const formsCache = new Map<string, string[]>();

function computeForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  const bytes = Buffer.from(secret, 'utf8');
  for (const shift of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const start = shift === 0 ? 0 : 4; // the first quad mixes in the neighbour's bytes
    const stableEnd = Math.floor(padded.length / 3) * 4; // the last partial quad mixes in what follows
    for (const enc of ['base64', 'base64url'] as const) {
      const form = padded.toString(enc).slice(start, stableEnd);
      if (form.length >= 8) forms.add(form);
    }
  }
  return [...forms].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each known secret (as typed, URL-encoded, base64) with `***`. */
export function scrubSecrets(text: string, knownSecrets: readonly string[]): string {
  let out = text;
  for (const s of knownSecrets) {
    // Very short values would shred ordinary text; real keys are long.
    if (s.length < 4) continue;
    // Most text holds no key: looking costs less than splitting (every task write scrubs its log this way).
    for (const form of secretForms(s)) if (out.includes(form)) out = out.split(form).join('***');
  }
  return out;
}

/** `Bearer <token>` fragments, whatever the token (a key Atelier does not know is still a credential). */
export const scrubBearer = (text: string): string =>
  text.replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer ***');

/** The one scrub for gateway and network text before it is stored, logged or emitted. */
export const scrubText = (text: string, knownSecrets: readonly string[]): string =>
  scrubSecrets(scrubBearer(text), knownSecrets);

/**
 * Removes secrets from data before it is logged: header/field names that carry credentials, `Bearer …`
 * tokens, and any occurrence of a known key value inside strings (so an echoed key in an upstream error
 * never lands in logs).
 */
export function redact(value: unknown, knownSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') return scrubText(value, knownSecrets);
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
  if (depth > 20) return value;
  if (typeof value === 'string') return scrubText(value, knownSecrets);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, knownSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[scrubText(k, knownSecrets)] = scrubDeep(v, knownSecrets, depth + 1);
    return out;
  }
  return value;
}
