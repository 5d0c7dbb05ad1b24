import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useUpdatePreferences } from '../../bridge/queries';

/** Bounds of `teamCacheGiB` (they mirror the preferences schema). */
const MIN_GIB = 0.5;
const MAX_GIB = 1024;

/**
 * Settings → Team: how much of teammates' results this machine keeps (least recently viewed go first, and a
 * result evicted is fetched again when viewed). A lower cap takes effect at once; `usedBytes` is what is
 * cached now.
 */
export function CacheCapField({ usedBytes }: { usedBytes: number | null }) {
  const { t, i18n } = useTranslation();
  const prefs = usePreferences().data;
  const update = useUpdatePreferences();
  // A value out of bounds is kept in the field (not saved) and told at the field, never dropped silently.
  const [outOfRange, setOutOfRange] = useState(false);
  // What is typed stays in the field (a draft) until the field is left: a save, or another window's, does
  // not rebuild the field under the user's fingers. Left alone, the field shows the saved cap again.
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const saved = prefs?.teamCacheGiB;
  useEffect(() => {
    if (document.activeElement !== input.current) setDraft(null);
  }, [saved]);
  /** Saves a valid cap; returns it, or null when it is out of bounds (and says so at the field). */
  const set = (raw: string): number | null => {
    const gib = Math.round(Number(raw) * 10) / 10;
    const valid = raw.trim() !== '' && Number.isFinite(gib) && gib >= MIN_GIB && gib <= MAX_GIB;
    setOutOfRange(!valid);
    if (valid && gib !== saved) update.mutate({ teamCacheGiB: gib });
    return valid ? gib : null;
  };
  const used = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(
    (usedBytes ?? 0) / 1024 ** 3,
  );
  return (
    <div className="settings-row team-cache" data-testid="team-cache">
      <label htmlFor="team-cache-cap">{t('team.cache.label')}</label>
      <div>
        <input
          id="team-cache-cap"
          className="field-input narrow"
          data-testid="team-cache-cap"
          type="number"
          min={MIN_GIB}
          max={MAX_GIB}
          step={0.5}
          ref={input}
          value={draft ?? (saved === undefined ? '' : String(saved))}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={outOfRange ? true : undefined}
          aria-describedby={outOfRange ? 'team-cache-cap-error' : 'team-cache-used'}
          onBlur={(e) => {
            // Left with the saved cap (or an equal one): the field shows the saved cap again. A new cap
            // shows again once saved (the effect above); an invalid one stays, with its message.
            if (set(e.target.value) === saved) setDraft(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && set(e.currentTarget.value)}
        />{' '}
        <span aria-hidden>GB</span>
        {outOfRange && (
          <p className="settings-error" id="team-cache-cap-error" data-testid="team-cache-cap-error" role="alert">
            {t('team.cache.outOfRange', { min: MIN_GIB, max: MAX_GIB })}
          </p>
        )}
        <p className="settings-hint" id="team-cache-used" data-testid="team-cache-used">
          {t('team.cache.hint', { used, min: MIN_GIB, max: MAX_GIB })}
        </p>
      </div>
    </div>
  );
}
