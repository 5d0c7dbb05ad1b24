import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { fieldHelp, fieldLabel } from './form-text';
import { SlotFullNote } from './slot-full';

/** A field's frame: label, help, the control, and its issue right under it. */
export function FieldRow({ op, field, inputId, issue, children }: { op: OperationId; field: FieldDef; inputId: string; issue: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const help = fieldHelp(t, op, field);
  const labelFor = field.type === 'media' || field.type === 'mediaList' || field.type === 'subjects' || field.type === 'mask' ? undefined : inputId;
  return (
    <div className={`fm-field fm-type-${field.type}${issue ? ' fm-has-issue' : ''}`} data-testid={`field-${field.name}`} data-field={field.name}>
      <div className="fm-label-row">
        {labelFor ? (
          <label htmlFor={labelFor} className="fm-label">
            {fieldLabel(t, op, field)}
          </label>
        ) : (
          <span className="fm-label" id={`${inputId}-label`}>
            {fieldLabel(t, op, field)}
          </span>
        )}
        {field.required && <span className="fm-req">{t('forms.common.required')}</span>}
      </div>
      {help && (
        <p className="fm-help" id={`${inputId}-help`}>
          {help}
        </p>
      )}
      {children}
      {field.type === 'mediaList' && <SlotFullNote op={op} field={field} />}
      {issue && (
        <p className="fm-issue" id={`${inputId}-issue`} role="alert" data-testid={`issue-${field.name}`}>
          {issue}
        </p>
      )}
    </div>
  );
}
