import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '../../../../../shared/domain/task';
import { useGalleryStore } from '../gallery-store';
import { formatCount } from '../model/format';
import { countGroup, GROUP_ORDER } from '../model/status-groups';

/** One chip per status group with its count under the other filters; the chosen one filters the list. */
export function StatusChips({ counts }: { counts: Partial<Record<TaskStatus, number>> | undefined }) {
  const { t } = useTranslation();
  const group = useGalleryStore((s) => s.group);
  const set = useGalleryStore((s) => s.set);
  return (
    <div className="gl-chips" role="tablist" aria-label={t('gallery.statusFilter')}>
      {GROUP_ORDER.map((g) => {
        const n = countGroup(counts, g);
        if (n === 0 && g !== 'all' && g !== group && g !== 'active') return null;
        return (
          <button key={g} role="tab" aria-selected={group === g} className={`gl-chip gl-chip-${g}${group === g ? ' on' : ''}`} data-testid={`chip-${g}`} onClick={() => set({ group: g })}>
            {g === 'active' && n > 0 && <span className="gl-pulse" />}
            {t(`gallery.group.${g}`)}
            <span className="gl-chip-count" data-testid={`count-${g}`}>
              {formatCount(n)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
