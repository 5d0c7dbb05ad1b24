import type { FieldDef, Values } from './fields';
import type { OperationDef } from './operation';

// Apart from validate.ts (which checks media with zod): the gallery's "use as input" and the drafts store
// need only these, on the first screen.

export const isVisible = (field: FieldDef, values: Values): boolean => !field.showWhen || field.showWhen(values);

/** The values a fresh form starts with. */
export function defaultValues(op: OperationDef): Values {
  const values: Values = {};
  for (const f of op.fields) {
    if ('default' in f && f.default !== undefined) values[f.name] = f.default;
    else if (f.type === 'mediaList' || f.type === 'subjects') values[f.name] = [];
  }
  return values;
}
