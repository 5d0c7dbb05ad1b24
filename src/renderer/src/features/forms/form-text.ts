import type { TFunction } from 'i18next';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import type { FieldIssue } from '../../../../shared/operations/issues';

/**
 * Catalog strings are English; each is translated under `forms.fields.<operationId>.<field>.*` with the
 * catalog's text as the fallback, so a field added to the catalog shows up in English until translated.
 */
const key = (op: OperationId, field: FieldDef, part: string): string => `forms.fields.${op}.${field.name}.${part}`;

export const fieldLabel = (t: TFunction, op: OperationId, field: FieldDef): string => t(key(op, field, 'label'), { defaultValue: field.label });

export const fieldHelp = (t: TFunction, op: OperationId, field: FieldDef): string | null =>
  field.help ? t(key(op, field, 'help'), { defaultValue: field.help }) : null;

export const fieldPlaceholder = (t: TFunction, op: OperationId, field: FieldDef): string | undefined =>
  field.type === 'text' && field.placeholder ? t(key(op, field, 'placeholder'), { defaultValue: field.placeholder }) : undefined;

export const optionLabel = (t: TFunction, op: OperationId, field: FieldDef, value: string, label: string): string =>
  t(`${key(op, field, 'options')}.${value}`, { defaultValue: label });

/** A validation issue in the user's language; media kinds in the parameters are translated too. */
export function issueText(t: TFunction, issue: FieldIssue, field?: FieldDef): string {
  const params: Record<string, string | number> = { ...issue.params };
  if (typeof params.kind === 'string') params.kind = t(`forms.mediaKinds.${params.kind}`, { defaultValue: params.kind });
  if (field?.type === 'subjects' && issue.code === 'tooFewFiles') return t('forms.issues.noSubjects');
  // `reason` picks a wording (badJson: `syntax` with line and column, `notObject`); `count` picks a plural.
  const context = typeof params.reason === 'string' ? params.reason : undefined;
  return t(`forms.issues.${issue.code}`, { ...params, ...(context ? { context } : {}) });
}
