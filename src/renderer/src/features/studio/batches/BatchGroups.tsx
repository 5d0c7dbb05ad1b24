import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Layers } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { useBatchesPanel } from './batches-panel-store';
import { BatchRow } from './BatchRow';
import { queryKeys } from '../../../state/query-keys';

/**
 * The gallery's Batches panel: each ×N / several-models submission with its progress and actions. It follows
 * the gallery (search, filters, board): a batch shows when one of its members is in `visibleIds`. The panel
 * collapses to one line and remembers it. Push events patch its cache (see batch-cache.ts): no refetch per change.
 */
export function BatchGroups({ visibleIds }: { visibleIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const batches = useQuery({ queryKey: queryKeys.batches, queryFn: () => bridge.call('listBatches', { limit: 8 }) });
  const collapsed = useBatchesPanel((s) => s.collapsed);
  const toggle = useBatchesPanel((s) => s.toggle);
  const [rowToggled, setRowToggled] = useState<ReadonlySet<string>>(new Set());
  const groups = (batches.data ?? []).filter((b) => b.members.some((m) => !m.rejected && visibleIds.has(m.id)));
  if (groups.length === 0) return null;
  return (
    <section className={`st-batches${collapsed ? ' collapsed' : ''}`} aria-label={t('studio.batch.title')} data-testid="batch-groups">
      <button type="button" className="st-batches-head" aria-expanded={!collapsed} onClick={toggle} data-testid="batches-toggle">
        {collapsed ? <ChevronRight size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
        <Layers size={13} aria-hidden />
        <span>{t('studio.batch.title')}</span>
        <span className="st-batches-count">{groups.length}</span>
      </button>
      {!collapsed &&
        groups.map((b, i) => (
          <BatchRow
            key={b.id}
            batch={b}
            open={i === 0 ? !rowToggled.has(b.id) : rowToggled.has(b.id)}
            onToggle={() =>
              setRowToggled((s) => {
                const next = new Set(s);
                if (next.has(b.id)) next.delete(b.id);
                else next.add(b.id);
                return next;
              })
            }
          />
        ))}
    </section>
  );
}
