import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../../shared/number-format';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldPlaceholder } from '../form-text';
import { VideoTaskPicker } from './VideoTaskPicker';

/** Plain text: a large prompt box for multi-line fields, a line otherwise; a counter near the limit. */
export function TextField({ op, field, value, onChange, inputId, describedBy, invalid }: FieldProps<FieldOf<'text'>>) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const max = field.maxLength;
  const common = {
    id: inputId,
    className: `field-input${field.multiline ? ' fm-textarea' : ''}${field.name === 'prompt' ? ' fm-prompt' : ''}`,
    value: text,
    placeholder: fieldPlaceholder(t, op, field),
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'data-testid': `field-input-${field.name}`,
  };
  return (
    <div className="fm-text">
      {field.multiline ? (
        <textarea {...common} rows={field.name === 'prompt' ? 5 : 3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <span className="fm-line">
          <input {...common} onChange={(e) => onChange(e.target.value)} />
          {field.pickVideoTask && <VideoTaskPicker onPick={(id) => onChange(id)} />}
        </span>
      )}
      {max && text.length > max * 0.8 && (
        <span className={`fm-counter${text.length > max ? ' fm-over' : ''}`}>
          {formatCount(text.length)} / {formatCount(max)}
        </span>
      )}
    </div>
  );
}
