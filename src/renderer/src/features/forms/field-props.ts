import type { FieldDef, Values } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';

/** What every field control receives. Controls are presentational: the form owns the draft. */
export interface FieldProps<F extends FieldDef = FieldDef> {
  op: OperationId;
  field: F;
  value: unknown;
  /** All values of the form (for fields that depend on others, e.g. the mask on the image list). */
  values: Values;
  onChange(value: unknown): void;
  /** The latest value (after awaits: staging a file takes a moment, the list may have changed). */
  getValue(): unknown;
  /** Sets another field of the same form (e.g. renaming a subject renames its prompt tokens). */
  setOther(name: string, value: unknown): void;
  invalid: boolean;
  inputId: string;
  describedBy: string;
}

export type FieldOf<T extends FieldDef['type']> = Extract<FieldDef, { type: T }>;
