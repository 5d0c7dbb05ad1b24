import { useTranslation } from 'react-i18next';
import type { CombinedEstimate } from './estimate-text';
import { roughDurationText, roundPoints } from './estimate-text';

/** "≈ 120 pts · ~1 min (12 similar)", "≈ 50 pts · ~1 s (gateway’s figures)", or "no estimate yet". */
export function estimateText(t: (k: string, o?: Record<string, unknown>) => string, e: CombinedEstimate | null | undefined): string {
  if (e === undefined) return '…';
  if (e === null || e.source === 'none' || (e.points === null && e.durationMs === null)) return t('studio.estimate.none');
  const parts: string[] = [];
  if (e.points !== null) parts.push(t('studio.estimate.points', { points: roundPoints(e.points) }));
  if (e.durationMs !== null) parts.push(t('studio.estimate.time', { time: roughDurationText(t, e.durationMs) }));
  const why =
    e.source === 'history' ? t('studio.estimate.similar', { count: e.samples }) : e.source === 'gateway' ? t('studio.estimate.gateway') : t('studio.estimate.typical');
  return `${parts.join(' · ')} (${why})`;
}

export function EstimateLabel({ estimate }: { estimate: CombinedEstimate | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="st-estimate" data-testid="generate-estimate" data-source={estimate?.source ?? 'none'}>
      {estimateText(t, estimate)}
    </span>
  );
}
