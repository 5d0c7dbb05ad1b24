import { describe, expect, it } from 'vitest';
import type { Estimate } from '../../../../shared/domain/estimate';
import { combineEstimates, roughDuration } from './estimate-text';

const est = (points: number | null, ms: number | null, samples: number, source: Estimate['source']): Estimate => ({
  points: points === null ? null : { median: points, low: points, high: points },
  durationMs: ms === null ? null : { median: ms, low: ms, high: ms },
  samples,
  source,
});

describe('combineEstimates', () => {
  it('sums points over models × count, takes the slowest time and the weakest source', () => {
    expect(combineEstimates([est(50, 60_000, 12, 'history'), est(75, 90_000, 0, 'gateway')], 2)).toEqual({ points: 250, durationMs: 90_000, samples: 0, source: 'gateway' });
    expect(combineEstimates([est(null, 60_000, 0, 'typical')], 4)).toMatchObject({ points: null, source: 'typical' });
    expect(combineEstimates([], 1)).toBeNull();
  });
  it('words durations roughly', () => {
    expect(roughDuration(800)).toBe('1 s');
    expect(roughDuration(65_000)).toBe('1 min');
    expect(roughDuration(5_400_000)).toBe('1.5 h');
  });
});
