import type { SimFamily, SimFault, SimFaultKind, SimFaultPoint } from './types';
import { createRng } from './rng';

/**
 * Where each fault applies when `on` is omitted. Kinds that change a task's shape
 * (videoUrlObject, msTimestamps, unknownFirst, resultUrlTwice, klingTaskObject) are decided once, at submit, so a task
 * never flips between shapes while it is polled.
 */
export const DEFAULT_FAULT_POINT: Record<SimFaultKind, SimFaultPoint> = {
  truncate: 'download',
  slowBody: 'download',
  rateLimit: 'submit',
  serverError: 'query',
  reset: 'query',
  expireUrl: 'download',
  duplicateCallback: 'callback',
  delayCallback: 'callback',
  loseCallback: 'callback',
  videoUrlObject: 'submit',
  msTimestamps: 'submit',
  unknownFirst: 'submit',
  foreignResult: 'submit',
  resultUrlTwice: 'submit',
  klingTaskObject: 'submit',
};

interface ArmedFault {
  fault: SimFault;
  used: number;
}

/** Holds the active faults and decides, with seeded randomness, whether one fires. */
export class FaultEngine {
  private armed: ArmedFault[] = [];
  private readonly rng: () => number;

  constructor(seed: number, faults: SimFault[] = []) {
    this.rng = createRng(seed);
    this.set(faults);
  }

  set(faults: SimFault[]): void {
    this.armed = faults.map((fault) => ({ fault: { ...fault }, used: 0 }));
  }

  /** Returns the fault (consuming one of its `times`) if a fault of `kind` fires at `point` for `family`. */
  take(kind: SimFaultKind, point: SimFaultPoint, family: SimFamily): SimFault | undefined {
    for (const entry of this.armed) {
      const f = entry.fault;
      if (f.kind !== kind) continue;
      if ((f.on ?? DEFAULT_FAULT_POINT[kind]) !== point) continue;
      if (f.family !== undefined && f.family !== family) continue;
      if (f.times !== undefined && entry.used >= f.times) continue;
      // Draw only for faults that could apply, so adding an unrelated fault does not shift the sequence.
      if (this.rng() >= (f.probability ?? 1)) continue;
      entry.used += 1;
      return f;
    }
    return undefined;
  }
}

const KINDS = new Set<string>(Object.keys(DEFAULT_FAULT_POINT));
const POINTS = new Set<string>(['submit', 'query', 'download', 'callback']);
const FAMILIES = new Set<string>([
  'gateway',
  'videos',
  'imageEdit',
  'unifiedVideo',
  'unifiedImage',
  'vendor',
]);

/** Validates a JSON fault list posted to /__sim/faults; returns an error message or the faults. */
export function parseFaults(value: unknown): SimFault[] | string {
  if (!Array.isArray(value)) return 'faults must be a JSON array';
  const out: SimFault[] = [];
  for (const [i, raw] of value.entries()) {
    if (typeof raw !== 'object' || raw === null) return `faults[${i}] must be an object`;
    const r = raw as Record<string, unknown>;
    if (typeof r.kind !== 'string' || !KINDS.has(r.kind))
      return `faults[${i}].kind is not a known fault kind`;
    if (r.on !== undefined && (typeof r.on !== 'string' || !POINTS.has(r.on)))
      return `faults[${i}].on is invalid`;
    if (r.family !== undefined && (typeof r.family !== 'string' || !FAMILIES.has(r.family)))
      return `faults[${i}].family is invalid`;
    for (const key of ['probability', 'times', 'retryAfterSeconds', 'delayMs'] as const) {
      if (r[key] !== undefined && typeof r[key] !== 'number') return `faults[${i}].${key} must be a number`;
    }
    out.push(r as unknown as SimFault);
  }
  return out;
}
