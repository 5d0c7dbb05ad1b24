import type { Estimate } from '../../shared/domain/estimate';
import { getOperation } from '../../shared/operations/catalog';
import type { OperationId } from '../../shared/operations/ids';
import type { EstimateQuery, Estimator } from './estimator';

/**
 * What the demo gateway actually takes, submission to done, as Atelier sees it (src/sim/timeline.ts at the
 * demo's real speed: image 2 s queued + 6 s running, video 4 s + 16 s; plus a poll interval to notice it).
 * Image edit answers synchronously, in one request.
 */
const DEMO_MS: Record<'image' | 'video', number> = { image: 9_000, video: 23_000 };
const DEMO_EDIT_MS = 3_000;

/** Durations typical for real gateways, per operation, refined per model where models differ much. */
const TYPICAL_MS: Record<OperationId, number> = {
  'gateway.text2video': 120_000,
  'gateway.subjectReference': 150_000,
  'gateway.motionControl': 180_000,
  'gateway.text2image': 20_000,
  'videos.create': 120_000,
  'imageEdit.edit': 45_000,
  'unifiedVideo.generate': 150_000,
  'unifiedImage.generate': 25_000,
  'vendor.expand': 30_000,
  'vendor.avatar': 300_000,
  'vendor.extend': 180_000,
};
const MODEL_MS: { match: RegExp; ms: number }[] = [
  { match: /sora-2-pro/, ms: 300_000 },
  { match: /veo-3/, ms: 120_000 },
  { match: /kling-v3|kling-v2-6/, ms: 150_000 },
  { match: /gpt-image-2|gpt-image-1\.5/, ms: 40_000 },
  { match: /seedream/, ms: 15_000 },
];

const spread = (ms: number) => ({ median: ms, low: Math.round(ms * 0.6), high: Math.round(ms * 2) });

/**
 * The first estimator: per-operation defaults that match the gateway the profile talks to (the demo gateway's
 * own timings; durations typical for the model on real gateways). It learns nothing yet: the history-based
 * estimator (issue 17) replaces it behind the same interface.
 */
export class DefaultEstimator implements Estimator {
  constructor(private readonly isDemo: (profileId: string) => boolean) {}

  estimate(query: EstimateQuery): Estimate {
    const op = getOperation(query.operationId);
    if (this.isDemo(query.profileId)) {
      const ms = op.family === 'imageEdit' ? DEMO_EDIT_MS : DEMO_MS[op.output];
      return { durationMs: spread(ms), points: null, samples: 0, source: 'gateway' };
    }
    const byModel = MODEL_MS.find((m) => m.match.test(query.model))?.ms;
    return {
      durationMs: spread(byModel ?? TYPICAL_MS[query.operationId]),
      points: null,
      samples: 0,
      source: 'typical',
    };
  }

  record(): void {}
}
