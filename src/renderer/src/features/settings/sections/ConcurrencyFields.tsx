import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useUpdatePreferences } from '../../../bridge/queries';

const LIMITS = {
  maxRequestsInFlight: { min: 1, max: 32 },
  maxConcurrentSubmissions: { min: 1, max: 16 },
} as const;
type CapName = keyof typeof LIMITS;

/** Caps on gateway requests in flight and on simultaneous submissions (bounds mirror the preferences schema). */
export function ConcurrencyFields() {
  const { t } = useTranslation();
  const prefs = usePreferences().data;
  const update = useUpdatePreferences();
  // A value out of its bounds is said at the field (it was dropped without a word, the box still showing it).
  const [refused, setRefused] = useState<Partial<Record<CapName, boolean>>>({});
  const set = (name: CapName, raw: string) => {
    const n = Number(raw);
    const { min, max } = LIMITS[name];
    const ok = raw.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
    setRefused((r) => ({ ...r, [name]: !ok }));
    if (ok && n !== prefs?.[name]) update.mutate({ [name]: n });
  };
  return (
    <>
      {(Object.keys(LIMITS) as CapName[]).map((name) => (
        <div className="settings-row" key={name}>
          <label htmlFor={`cap-${name}`}>{t(`settings.performance.${name}`)}</label>
          <div>
            <input
              id={`cap-${name}`}
              className="field-input narrow"
              data-testid={`cap-${name}`}
              type="number"
              min={LIMITS[name].min}
              max={LIMITS[name].max}
              defaultValue={prefs?.[name]}
              key={prefs?.[name]}
              onBlur={(e) => set(name, e.target.value)}
              aria-invalid={refused[name] ? true : undefined}
              aria-describedby={refused[name] ? `cap-${name}-error` : undefined}
            />
            {refused[name] && (
              <p className="settings-error" id={`cap-${name}-error`} data-testid={`cap-${name}-error`} role="alert">
                {t('settings.performance.outOfRange', { ...LIMITS[name], value: prefs?.[name] ?? '' })}
              </p>
            )}
            <p className="settings-hint">{t(`settings.performance.${name}Hint`, LIMITS[name])}</p>
          </div>
        </div>
      ))}
    </>
  );
}
