import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldLabel } from '../form-text';
import { ChipGroup } from './ChipGroup';
import { ShapeIcon, ratioOf } from './ShapeIcon';
import { useSizeFollowsSource } from './use-source-size';

type RatioFieldDef = FieldOf<'aspectRatio'> | FieldOf<'size'>;

/**
 * Aspect ratio (`w:h`) or size (`WxH`): preset chips with a little shape preview, and a free entry for
 * anything else (validated as typed).
 */
export function RatioField({
  op,
  field,
  value,
  values,
  onChange,
  inputId,
  describedBy,
  invalid,
}: FieldProps<RatioFieldDef>) {
  const { t } = useTranslation();
  useSizeFollowsSource(field, values, value, onChange);
  const current = typeof value === 'string' ? value : '';
  const presets = field.type === 'size' && field.allowAuto ? ['auto', ...field.presets] : field.presets;
  const isPreset = presets.includes(current);
  const [custom, setCustom] = useState(!isPreset && current !== '');
  const chips = presets.map((p) => {
    const r = ratioOf(p);
    return {
      value: p,
      label: (
        <>
          {r ? <ShapeIcon w={r.w} h={r.h} /> : <span className="fm-shape-auto">A</span>}
          <span>{p === 'auto' ? t('forms.size.auto') : field.type === 'size' ? p.replace('x', '×') : p}</span>
        </>
      ),
    };
  });
  chips.push({ value: '__custom', label: <span>{t('forms.size.custom')}</span> });
  const shown = custom || !isPreset ? '__custom' : current;
  const r = ratioOf(current);
  return (
    <div className="fm-ratio">
      <ChipGroup
        chips={chips}
        value={shown}
        label={fieldLabel(t, op, field)}
        testId={`ratio-${field.name}`}
        onChange={(v) => {
          if (v === '__custom') return setCustom(true);
          setCustom(false);
          onChange(v);
        }}
      />
      {shown === '__custom' && (
        <span className="fm-ratio-custom">
          {r && <ShapeIcon w={r.w} h={r.h} />}
          <input
            className="field-input"
            id={inputId}
            value={current}
            autoFocus={custom && isPreset}
            placeholder={field.type === 'size' ? '1024x1024' : '16:9'}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-label={t(field.type === 'size' ? 'forms.size.customSize' : 'forms.size.customRatio')}
            data-testid={`custom-${field.name}`}
            onChange={(e) => onChange(e.target.value.trim())}
          />
        </span>
      )}
    </div>
  );
}
