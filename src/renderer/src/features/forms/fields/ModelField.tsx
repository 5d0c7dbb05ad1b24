import { Check, ChevronUp, Cpu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillVendor } from '../../../../../shared/operations/catalog';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldHelp, fieldLabel } from '../form-text';
import { PopoverContent, PopoverRoot, PopoverTrigger } from '../../../ui/primitives';

/**
 * The model: a chip showing the chosen preset by its label, opening a combobox of presets plus free
 * typing (the spec lists no model ids, so any id may be typed). Presets keep `{vendor}`; core fills it
 * from the profile, and the resolved id is shown here for clarity.
 */
export function ModelField({
  op,
  field,
  value,
  onChange,
  inputId,
  invalid,
  vendor,
}: FieldProps<FieldOf<'model'>> & { vendor: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = typeof value === 'string' ? value : '';
  const preset = field.presets.find((p) => p.id === current);
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const matches = field.presets.filter(
    (p) => !q || p.label.toLowerCase().includes(q) || fillVendor(p.id, vendor).toLowerCase().includes(q),
  );
  const [active, setActive] = useState(0);
  const choose = (id: string) => {
    onChange(id);
    setOpen(false);
    setText('');
  };
  const label = fieldLabel(t, op, field);
  const help = fieldHelp(t, op, field);
  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <div className="fm-model">
        <PopoverTrigger asChild>
          <button
            type="button"
            id={inputId}
            className={`fm-model-chip${invalid ? ' fm-invalid' : ''}`}
            aria-label={`${label}: ${preset?.label ?? current}`}
            data-testid="model-chip"
          >
            <Cpu size={14} />
            <span className="fm-model-kind">{label}</span>
            <strong className="fm-model-name">{preset?.label ?? (current || t('forms.model.none'))}</strong>
            <ChevronUp size={14} className="fm-model-caret" />
          </button>
        </PopoverTrigger>
        {open && (
          <PopoverContent className="fm-popover fm-model-pop" label={label} side="top">
            <div className="fm-pop-title">{label}</div>
            {help && <p className="fm-pop-help">{help}</p>}
            <input
              className="field-input"
              role="combobox"
              aria-expanded="true"
              aria-controls={`${inputId}-list`}
              aria-autocomplete="list"
              autoFocus
              value={text}
              placeholder={t('forms.model.typeId')}
              data-testid="model-input"
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, matches.length - 1));
                else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
                else if (e.key === 'Enter' && !(e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  const exact = field.presets.find((p) => p.label.toLowerCase() === q);
                  const pick = exact ?? (text.trim() ? undefined : matches[active]);
                  if (pick) choose(pick.id);
                  else if (text.trim()) choose(text.trim());
                }
              }}
            />
            <ul className="fm-model-list" id={`${inputId}-list`} role="listbox">
              {matches.map((p, i) => (
                <li
                  key={p.id}
                  role="option"
                  aria-selected={p.id === current}
                  className={`fm-model-option${i === active ? ' fm-active' : ''}`}
                  onPointerEnter={() => setActive(i)}
                  onClick={() => choose(p.id)}
                >
                  <span className="fm-model-check">{p.id === current && <Check size={14} />}</span>
                  <span className="fm-model-label">{p.label}</span>
                  <code className="fm-model-id">{fillVendor(p.id, vendor)}</code>
                </li>
              ))}
              {text.trim() && !field.presets.some((p) => p.label.toLowerCase() === q) && (
                <li
                  role="option"
                  aria-selected={false}
                  className="fm-model-option fm-model-free"
                  onClick={() => choose(text.trim())}
                >
                  <span className="fm-model-check" />
                  <span className="fm-model-label">{t('forms.model.useTyped', { id: text.trim() })}</span>
                </li>
              )}
            </ul>
            {!preset && current && (
              <p className="fm-pop-help">
                {t('forms.model.customNow')} <code>{fillVendor(current, vendor)}</code>
              </p>
            )}
          </PopoverContent>
        )}
      </div>
    </PopoverRoot>
  );
}
