/**
 * Where the source sits inside the expansion frame, DOM-free. Units: the frame is 1 wide and 1/R high
 * (R = frame width / height). The source keeps its aspect ratio; `zoom` 1 fits it inside the frame
 * ("contain"), smaller leaves more to generate. `ax`/`ay` (0..1) place it: 0 = touching the left/top edge,
 * 0.5 = centred, 1 = right/bottom — so a placement survives a change of ratio or zoom.
 */
export interface Placement {
  ax: number;
  ay: number;
  zoom: number;
}

export const CENTRED: Placement = { ax: 0.5, ay: 0.5, zoom: 1 };
export const MIN_ZOOM = 0.25;

export interface PlacedBox {
  /** All four as fractions of the frame's width (x, w) and height (y, h). */
  x: number;
  y: number;
  w: number;
  h: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The source's box in the frame, as fractions of the frame's width and height. */
export function placeBox(frameRatio: number, sourceRatio: number, p: Placement): PlacedBox {
  const zoom = Math.min(1, Math.max(MIN_ZOOM, p.zoom));
  // Contain: as wide as the frame when the source is relatively wider, else as high.
  const w = (sourceRatio >= frameRatio ? 1 : sourceRatio / frameRatio) * zoom;
  const h = (sourceRatio >= frameRatio ? frameRatio / sourceRatio : 1) * zoom;
  return { x: (1 - w) * clamp01(p.ax), y: (1 - h) * clamp01(p.ay), w, h };
}

/** Moves the source by a drag of (dx, dy), given as fractions of the frame's width and height. */
export function dragBy(
  frameRatio: number,
  sourceRatio: number,
  p: Placement,
  dx: number,
  dy: number,
): Placement {
  const b = placeBox(frameRatio, sourceRatio, p);
  return {
    ...p,
    ax: b.w < 1 ? clamp01(p.ax + dx / (1 - b.w)) : p.ax,
    ay: b.h < 1 ? clamp01(p.ay + dy / (1 - b.h)) : p.ay,
  };
}

/** Share of the frame's area the gateway has to generate (0..1). */
export function generatedShare(frameRatio: number, sourceRatio: number, p: Placement): number {
  const b = placeBox(frameRatio, sourceRatio, p);
  return 1 - b.w * b.h;
}

/** The 3×3 anchors: top-left … bottom-right. */
export const ANCHORS: readonly { id: string; ax: number; ay: number }[] = [0, 0.5, 1].flatMap((ay) =>
  [0, 0.5, 1].map((ax) => ({
    id: `${ay === 0 ? 'top' : ay === 1 ? 'bottom' : 'middle'}-${ax === 0 ? 'left' : ax === 1 ? 'right' : 'centre'}`,
    ax,
    ay,
  })),
);

/**
 * Kling's expand parameters for a placement: how far the frame reaches beyond the source on each side, in
 * multiples of the source's own height (up/down) and width (left/right), rounded to hundredths.
 */
export function expansionRatiosOf(frameRatio: number, sourceRatio: number, p: Placement): { up: number; down: number; left: number; right: number } {
  const b = placeBox(frameRatio, sourceRatio, p);
  const r = (v: number) => Math.max(0, Math.round(v * 100) / 100);
  return { up: r(b.y / b.h), down: r((1 - b.y - b.h) / b.h), left: r(b.x / b.w), right: r((1 - b.x - b.w) / b.w) };
}

/**
 * The placement four expansion ratios describe (the inverse of `expansionRatiosOf`), for ratios that came from
 * elsewhere ("Reuse settings", a hand-typed value). Ratios that do not fit the frame's shape are shown as
 * near as the frame allows: the source's size from the side the frame contains it by, its place from how the
 * margin is shared. An axis with no margin keeps `current`'s anchor.
 */
export function placementOf(
  frameRatio: number,
  sourceRatio: number,
  r: { up: number; down: number; left: number; right: number },
  current: Placement,
): Placement {
  const across = 1 + r.left + r.right;
  const high = 1 + r.up + r.down;
  // At zoom 1 the source fills the frame's width when it is relatively wider, else its height.
  const zoom = sourceRatio >= frameRatio ? 1 / across : 1 / high;
  const share = (a: number, b: number, keep: number) => (a + b > 0 ? a / (a + b) : keep);
  return {
    ax: share(r.left, r.right, current.ax),
    ay: share(r.up, r.down, current.ay),
    zoom: Math.min(1, Math.max(MIN_ZOOM, zoom)),
  };
}
