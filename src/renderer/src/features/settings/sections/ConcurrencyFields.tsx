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
  const set = (name: CapName, raw: string) => {
    const n = Math.round(Number(raw));
    const { min, max } = LIMITS[name];
    if (Number.isFinite(n) && n >= min && n <= max) update.mutate({ [name]: n });
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
            />
            <p className="settings-hint">{t(`settings.performance.${name}Hint`, LIMITS[name])}</p>
          </div>
        </div>
      ))}
    </>
  );
}
