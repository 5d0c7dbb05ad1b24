import { TILE_SIZE, readTile, tileRect, unionRect, type MaskRaster, type Rect } from './mask-raster';
import { compressTile, type TilePatch } from './tile-patch';

export type PaintTool = 'brush' | 'eraser';

export interface BrushSettings {
  /** Diameter in image pixels. */
  size: number;
  /** 0..1: fraction of the radius painted at full strength before the edge falls off. */
  hardness: number;
  /** 0..1: the most a single stroke can change a pixel, however often its dabs overlap. */
  opacity: number;
  /** Distance between dabs as a fraction of the diameter. */
  spacing?: number;
}

export interface StrokePoint {
  x: number;
  y: number;
  /** 0..1 from a pen; omit for mouse/touch (treated as 1). */
  pressure?: number;
}

interface TileState {
  before: Uint8Array;
  /** Per-stroke coverage: the max over dabs, so overlapping dabs never exceed the stroke opacity. */
  alpha: Uint8Array;
}

const DEFAULT_SPACING = 0.15;
const MIN_PRESSURE_SCALE = 0.1;

/**
 * One brush or eraser stroke. Pixels are blended against their value before the stroke (kept per
 * touched tile), which gives both the opacity ceiling and, at the end, the undo patch for free.
 */
export class StrokeSession {
  private readonly tiles = new Map<number, TileState>();
  private last: StrokePoint | null = null;
  private sinceLastDab = 0;
  private dirty: Rect | null = null;
  private full: { a: number; table: Uint8Array } | null = null;

  constructor(
    private readonly mask: MaskRaster,
    private readonly tool: PaintTool,
    private readonly settings: BrushSettings,
  ) {}

  /** Adds a pointer sample; the first one places a dab, later ones interpolate dabs along the segment. */
  addPoint(p: StrokePoint): void {
    const prev = this.last;
    this.last = p;
    if (!prev) {
      this.stamp(p.x, p.y, p.pressure ?? 1);
      this.sinceLastDab = 0;
      return;
    }
    const dx = p.x - prev.x;
    const dy = p.y - prev.y;
    const dist = Math.hypot(dx, dy);
    if (dist === 0) return;
    const p0 = prev.pressure ?? 1;
    const p1 = p.pressure ?? 1;
    // Distance along this segment of the last dab (negative: it was on an earlier segment). Carrying it
    // over means slow moves with many tiny samples still space dabs evenly instead of one per sample.
    let lastDab = -this.sinceLastDab;
    let t = lastDab + this.spacingAt(p0);
    while (t <= dist) {
      const f = t / dist;
      const pressure = p0 + (p1 - p0) * f;
      this.stamp(prev.x + dx * f, prev.y + dy * f, pressure);
      lastDab = t;
      t += this.spacingAt(pressure);
    }
    this.sinceLastDab = dist - lastDab;
  }

  /** Bounding rectangle changed since the previous call, for repainting only that part. */
  takeDirty(): Rect | null {
    const d = this.dirty;
    this.dirty = null;
    return d;
  }

  /** Ends the stroke and returns the tiles it changed (before/after), for the history. Call
   * `takeDirty` afterwards: the final dab may add to the dirty rectangle. */
  finish(): TilePatch[] {
    // The pointer-up position gets a dab even if it fell between spacing steps, so a stroke always
    // reaches where the user let go.
    const last = this.last;
    if (last && this.sinceLastDab > 0) this.stamp(last.x, last.y, last.pressure ?? 1);
    this.last = null;
    const patches: TilePatch[] = [];
    for (const [index, state] of this.tiles) {
      const after = readTile(this.mask, index);
      if (equalBytes(after, state.before)) continue;
      patches.push({ index, before: compressTile(state.before), after: compressTile(after) });
    }
    this.tiles.clear();
    return patches;
  }

  private spacingAt(pressure: number): number {
    return Math.max(1, this.radiusAt(pressure) * 2 * (this.settings.spacing ?? DEFAULT_SPACING));
  }

  private radiusAt(pressure: number): number {
    const scale = Math.max(MIN_PRESSURE_SCALE, Math.min(1, pressure));
    return Math.max(0.5, (this.settings.size / 2) * scale);
  }

  private stamp(cx: number, cy: number, pressure: number): void {
    const mask = this.mask;
    const r = this.radiusAt(pressure);
    const hardness = Math.max(0, Math.min(1, this.settings.hardness));
    // Full strength inside `inner`, falling to zero at `outer`; the ±0.5 px gives a hard brush an
    // anti-aliased edge and keeps a 1 px brush from painting at half strength.
    const inner = r * hardness - 0.5;
    const outer = r + 0.5;
    const x0 = Math.max(0, Math.floor(cx - outer));
    const y0 = Math.max(0, Math.floor(cy - outer));
    const x1 = Math.min(mask.width, Math.ceil(cx + outer));
    const y1 = Math.min(mask.height, Math.ceil(cy + outer));
    if (x0 >= x1 || y0 >= y1) return;
    const maxAlpha = Math.round(Math.max(0, Math.min(1, this.settings.opacity)) * 255);
    if (maxAlpha === 0) return;
    const inner2 = inner > 0 ? inner * inner : -1;
    const outer2 = outer * outer;
    const span = outer - Math.max(0, inner);
    const brush = this.tool === 'brush';
    const w = mask.width;
    const data = mask.data;
    // Inside the inner circle every pixel gets maxAlpha: its blend is one table lookup by old value.
    const full = this.fullStrength(maxAlpha, brush);

    for (let ty = Math.floor(y0 / TILE_SIZE); ty * TILE_SIZE < y1; ty++) {
      for (let tx = Math.floor(x0 / TILE_SIZE); tx * TILE_SIZE < x1; tx++) {
        const index = ty * mask.tilesX + tx;
        const tr = tileRect(mask, index);
        const state = this.tileState(index);
        const alpha = state.alpha;
        const before = state.before;
        const ax = Math.max(x0, tr.x);
        const bx = Math.min(x1, tr.x + tr.w);
        const ay = Math.max(y0, tr.y);
        const by = Math.min(y1, tr.y + tr.h);
        for (let y = ay; y < by; y++) {
          const dy = y + 0.5 - cy;
          const dy2 = dy * dy;
          // Row spans: [o0, o1] inside the outer circle, [i0, i1] inside the inner one (exact, see rowSpan).
          const outerSpan = rowSpan(cx, dy2, outer2, true, ax, bx - 1);
          if (!outerSpan) continue;
          const [o0, o1] = outerSpan;
          const innerSpan = inner2 < 0 ? null : rowSpan(cx, dy2, inner2, false, o0, o1);
          const i0 = innerSpan ? innerSpan[0] : o1 + 1;
          const i1 = innerSpan ? innerSpan[1] : o1;
          const tileRow = (y - tr.y) * tr.w - tr.x;
          const maskRow = y * w;
          // The anti-aliased ring, left and right of the inner span: the exact per-pixel falloff.
          for (let part = 0; part < 2; part++) {
            const last = part === 0 ? Math.min(o1, i0 - 1) : o1;
            for (let x = part === 0 ? o0 : i1 + 1; x <= last; x++) {
              const dx = x + 0.5 - cx;
              const t = (Math.sqrt(dx * dx + dy2) - Math.max(0, inner)) / span;
              const a = Math.round(maxAlpha * (1 - t * t * (3 - 2 * t)));
              const ti = tileRow + x;
              if (a <= (alpha[ti] ?? 0)) continue;
              alpha[ti] = a;
              const b = before[ti] ?? 0;
              data[maskRow + x] = brush
                ? b + Math.round(((255 - b) * a) / 255)
                : b - Math.round((b * a) / 255);
            }
          }
          for (let x = i0; x <= i1; x++) {
            const ti = tileRow + x;
            if (maxAlpha <= (alpha[ti] ?? 0)) continue;
            alpha[ti] = maxAlpha;
            data[maskRow + x] = full[before[ti] ?? 0] ?? 0;
          }
        }
      }
    }
    this.dirty = unionRect(this.dirty, { x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }

  /** The blend of every old value at alpha `a` (one table per stroke: opacity and tool are fixed). */
  private fullStrength(a: number, brush: boolean): Uint8Array {
    if (this.full?.a === a) return this.full.table;
    const table = new Uint8Array(256);
    for (let b = 0; b < 256; b++)
      table[b] = brush ? b + Math.round(((255 - b) * a) / 255) : b - Math.round((b * a) / 255);
    this.full = { a, table };
    return table;
  }

  private tileState(index: number): TileState {
    let state = this.tiles.get(index);
    if (!state) {
      const before = readTile(this.mask, index);
      state = { before, alpha: new Uint8Array(before.length) };
      this.tiles.set(index, state);
    }
    return state;
  }
}

/**
 * The pixels x in [lo, hi] of a row whose centre lies inside a circle: (x + 0.5 − cx)² + dy2 < lim2
 * (`strict`) or ≤ lim2. A square root gives the ends; each is then settled by the same test the pixel
 * loop used to make, so the result is exactly the per-pixel one. Null when no pixel of [lo, hi] is inside.
 */
function rowSpan(
  cx: number,
  dy2: number,
  lim2: number,
  strict: boolean,
  lo: number,
  hi: number,
): [number, number] | null {
  const inside = (x: number): boolean => {
    const dx = x + 0.5 - cx;
    const d2 = dx * dx + dy2;
    return strict ? d2 < lim2 : d2 <= lim2;
  };
  const rest = lim2 - dy2;
  if (rest < 0) return null;
  const half = Math.sqrt(rest);
  let a = Math.max(lo, Math.ceil(cx - 0.5 - half));
  let b = Math.min(hi, Math.floor(cx - 0.5 + half));
  while (a > lo && inside(a - 1)) a--;
  while (a <= b && !inside(a)) a++;
  while (b < hi && inside(b + 1)) b++;
  while (b >= a && !inside(b)) b--;
  return a <= b ? [a, b] : null;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
