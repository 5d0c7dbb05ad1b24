import { readTile, tileRect, unionRect, writeTile, type MaskRaster, type Rect } from './mask-raster';

/** A tile's bytes, or a single number when every byte is equal (cleared/filled tiles cost nothing). */
export type TileBytes = Uint8Array | number;

export interface TilePatch {
  index: number;
  before: TileBytes;
  after: TileBytes;
}

/** Fixed per-tile bookkeeping estimate, so a patch made only of uniform tiles still has a cost. */
const TILE_OVERHEAD_BYTES = 48;

export function compressTile(bytes: Uint8Array): TileBytes {
  const first = bytes[0] ?? 0;
  for (let i = 1; i < bytes.length; i++) if (bytes[i] !== first) return bytes;
  return first;
}

export function tileBytesCost(t: TileBytes): number {
  return typeof t === 'number' ? 0 : t.byteLength;
}

export function patchCost(patches: readonly TilePatch[]): number {
  let total = 0;
  for (const p of patches) total += TILE_OVERHEAD_BYTES + tileBytesCost(p.before) + tileBytesCost(p.after);
  return total;
}

export function applyPatches(mask: MaskRaster, patches: readonly TilePatch[], side: 'before' | 'after'): Rect | null {
  let dirty: Rect | null = null;
  for (const p of patches) {
    writeTile(mask, p.index, p[side]);
    dirty = unionRect(dirty, tileRect(mask, p.index));
  }
  return dirty;
}

/**
 * Replaces the whole raster tile by tile with `next` (a full-size buffer or a constant) and returns
 * only the tiles that changed, so "fill" on a half-filled mask or "clear" of a few strokes stays small.
 */
export function replaceAll(mask: MaskRaster, next: Uint8Array | number): TilePatch[] {
  const patches: TilePatch[] = [];
  const tileCount = mask.tilesX * mask.tilesY;
  const scratch = typeof next === 'number' ? null : createMaskView(mask, next);
  for (let index = 0; index < tileCount; index++) {
    const before = compressTile(readTile(mask, index));
    const after = scratch ? compressTile(readTile(scratch, index)) : next;
    if (sameTile(before, after)) continue;
    writeTile(mask, index, after);
    patches.push({ index, before, after });
  }
  return patches;
}

function createMaskView(mask: MaskRaster, data: Uint8Array): MaskRaster {
  if (data.length !== mask.data.length) {
    throw new RangeError(`mask has ${data.length} bytes, expected ${mask.data.length}`);
  }
  return { ...mask, data };
}

function sameTile(a: TileBytes, b: TileBytes): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
