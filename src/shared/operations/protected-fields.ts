/**
 * Request fields core computes itself and the user's extra fields can never set: the callback URL carries
 * a signed, per-task token (sending it elsewhere hands the signature to a stranger). Matched without regard
 * to case, `_` or `-`, so `callback_url` or `CallbackURL` cannot slip past.
 */
export const PROTECTED_FIELDS = ['callbackUrl', 'notifyUrl', 'webhookUrl'] as const;

const squash = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, '');
const SQUASHED = new Set(PROTECTED_FIELDS.map(squash));

export const isProtectedField = (name: string): boolean => SQUASHED.has(squash(name));

/** The extra-field names that are protected (empty when none). */
export const protectedNamesIn = (extra: Record<string, unknown>): string[] =>
  Object.keys(extra).filter(isProtectedField);
