import { MaskDocument } from '../mask-document';

/**
 * A deterministic "realistic" mask for benchmarks: a dozen soft and hard strokes of varied sizes, so
 * the PNG has flat areas, hard edges and gradients like a hand-painted inpainting mask. Pure, so the
 * node bench and the Chromium harness encode exactly the same bytes.
 */
export function benchMaskBytes(width: number, height: number): Uint8Array {
  const doc = new MaskDocument(width, height, undefined, { maxEntries: 1, maxBytes: 0 });
  let seed = 42;
  const rand = (): number => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 0x100000000;
  };
  for (let s = 0; s < 12; s++) {
    const size = Math.round(width * (0.01 + rand() * 0.08));
    doc.beginStroke(rand() < 0.8 ? 'brush' : 'eraser', { size, hardness: rand(), opacity: 0.5 + rand() / 2 }, { x: rand() * width, y: rand() * height });
    const points = Array.from({ length: 6 }, () => ({ x: rand() * width, y: rand() * height }));
    doc.continueStroke(points);
    doc.endStroke();
  }
  return doc.mask.data;
}
