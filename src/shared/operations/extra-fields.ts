import type { FieldIssue } from './issues';
import type { OperationDef } from './operation';
import { isProtectedField } from './protected-fields';

/**
 * The extra fields (free JSON merged into the request) can add what the form does not offer, never change
 * what it shows: a name the operation's catalog defines (`model`, `n`, `prompt`…) is not an extra field.
 * Names are compared without regard to case, `_` or `-` (as the protected names are), so `Model` or
 * `negative-prompt` cannot slip past. Without this a file dropped back ("Reuse settings") could send another
 * model and n=4 while the form, and the estimate, showed something else (issue 26).
 */
const squash = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, '');

const catalogNames = (op: OperationDef): Set<string> => new Set(op.fields.map((f) => squash(f.name)));

/** The extra-field names the operation's catalog defines (empty when none). */
export function catalogNamesIn(op: OperationDef, extra: Record<string, unknown>): string[] {
  const names = catalogNames(op);
  return Object.keys(extra).filter((k) => names.has(squash(k)));
}

/** `extra` without the names the catalog defines or Atelier computes itself (what a file may bring back). */
export function withoutCatalogFields(op: OperationDef, extra: Record<string, unknown>): Record<string, unknown> {
  const names = catalogNames(op);
  return Object.fromEntries(Object.entries(extra).filter(([k]) => !names.has(squash(k)) && !isProtectedField(k)));
}

/** The issue for extra fields that name a field of the form (a code and the names: the renderer words it). */
export const catalogExtraIssue = (names: string[]): FieldIssue => ({
  code: 'catalogExtra',
  params: { names: names.join(', '), count: names.length },
});

/** Keeps only the extra keys that do not collide with a key the built request already carries. */
export function notOverriding(built: Iterable<string>, extra: Record<string, unknown>): Record<string, unknown> {
  const taken = new Set([...built].map(squash));
  return Object.fromEntries(Object.entries(extra).filter(([k]) => !taken.has(squash(k))));
}
