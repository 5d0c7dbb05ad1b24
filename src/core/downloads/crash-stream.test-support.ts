/** Chunk `i` of a deterministic test stream (the same bytes in the crash child and in the test). */
export function streamChunk(seed: number, i: number, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = (seed * 2654435761 + i * 40503 + 1) >>> 0;
  for (let k = 0; k < size; k++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[k] = x >>> 24;
  }
  return out;
}
