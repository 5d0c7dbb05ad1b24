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
  const set = (raw: string) => {
    const gib = Math.round(Number(raw) * 10) / 10;
    if (Number.isFinite(gib) && gib >= MIN_GIB && gib <= MAX_GIB && gib !== prefs?.teamCacheGiB)
      update.mutate({ teamCacheGiB: gib });
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
          defaultValue={prefs?.teamCacheGiB}
          key={prefs?.teamCacheGiB}
          onBlur={(e) => set(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && set(e.currentTarget.value)}
        />{' '}
        <span aria-hidden>GB</span>
        <p className="settings-hint" data-testid="team-cache-used">
          {t('team.cache.hint', { used, min: MIN_GIB, max: MAX_GIB })}
        </p>
      </div>
    </div>
  );
}
