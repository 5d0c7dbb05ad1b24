import type { OperationId } from '../../src/shared/operations/ids';

/**
 * The mixed workload: images (8 s of simulated work at real speed) and videos (20 s) over four families;
 * the simulator's unknownFirst fault adds an `unknown` phase to a quarter of them (10 s / 24 s), so four
 * durations in all. Only operations without file inputs, and 256² images: the simulator renders every PNG
 * (a 1024² one costs it ~0.25 s of CPU), and this bench is about polling, not rendering or uploads.
 */
const MIX: { op: OperationId; weight: number }[] = [
  { op: 'unifiedImage.generate', weight: 4 },
  { op: 'gateway.text2video', weight: 2 },
  { op: 'videos.create', weight: 2 },
  { op: 'vendor.extend', weight: 2 },
];

export function opFor(i: number): OperationId {
  const total = MIX.reduce((s, m) => s + m.weight, 0);
  let slot = i % total;
  for (const m of MIX) {
    if (slot < m.weight) return m.op;
    slot -= m.weight;
  }
  return 'unifiedImage.generate';
}

/** Valid form values (the engine validates them as the renderer would). */
export function valuesFor(op: OperationId, prompt: string): Record<string, unknown> {
  switch (op) {
    case 'gateway.text2video':
      return { model: '{vendor}_2.6_text2video', prompt, aspect_ratio: '16:9', duration: 5, mode: 'std' };
    case 'videos.create':
      return { model: 'sora-2', prompt, seconds: '4', size: '1280x720' };
    case 'vendor.extend':
      return { model: 'kling-v2-6', video_id: 'vid-123', prompt };
    default:
      return { model: 'gpt-image-1.5', prompt, size: '256x256', n: 1, images: [] };
  }
}
