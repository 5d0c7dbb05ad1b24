import { DEFAULT_HISTORY_LIMITS, MaskHistory, invertEntry, invertInPlace, patchEntry, type HistoryLimits } from './mask-history';
import { createMaskRaster, fullRect, hasEdit, unionRect, type MaskRaster, type Rect } from './mask-raster';
import { StrokeSession, type BrushSettings, type PaintTool, type StrokePoint } from './stroke-session';
import { replaceAll } from './tile-patch';

/**
 * The painter's model without any DOM: raster + history + the stroke in progress. Every mutating call
 * returns the rectangle to repaint (null = nothing changed), which is all the view needs.
 */
export class MaskDocument {
  readonly mask: MaskRaster;
  readonly history: MaskHistory;
  private stroke: StrokeSession | null = null;

  constructor(width: number, height: number, initial?: Uint8Array, limits: HistoryLimits = DEFAULT_HISTORY_LIMITS) {
    this.mask = createMaskRaster(width, height, initial);
    this.history = new MaskHistory(limits);
  }

  get strokeActive(): boolean {
    return this.stroke !== null;
  }

  beginStroke(tool: PaintTool, settings: BrushSettings, point: StrokePoint): Rect | null {
    const pending = this.endStroke();
    this.stroke = new StrokeSession(this.mask, tool, { ...settings });
    this.stroke.addPoint(point);
    return unionRect(pending, this.stroke.takeDirty());
  }

  continueStroke(points: readonly StrokePoint[]): Rect | null {
    const stroke = this.stroke;
    if (!stroke) return null;
    for (const p of points) stroke.addPoint(p);
    return stroke.takeDirty();
  }

  /** Commits the stroke to the history. Safe to call when no stroke is active. */
  endStroke(): Rect | null {
    const stroke = this.stroke;
    if (!stroke) return null;
    this.stroke = null;
    const patches = stroke.finish();
    const dirty = stroke.takeDirty();
    if (patches.length > 0) this.history.push(patchEntry(patches));
    return dirty;
  }

  fill(): Rect | null {
    return this.replace(255);
  }

  clear(): Rect | null {
    return this.replace(0);
  }

  /** Loads existing mask bytes (same size) as one undoable step. */
  load(bytes: Uint8Array): Rect | null {
    return this.replace(bytes);
  }

  invert(): Rect {
    this.endStroke();
    this.history.push(invertEntry());
    return invertInPlace(this.mask);
  }

  undo(): Rect | null {
    const pending = this.endStroke();
    return unionRect(pending, this.history.undo(this.mask));
  }

  redo(): Rect | null {
    const pending = this.endStroke();
    return unionRect(pending, this.history.redo(this.mask));
  }

  hasEdit(): boolean {
    return hasEdit(this.mask);
  }

  private replace(next: Uint8Array | number): Rect | null {
    this.endStroke();
    const patches = replaceAll(this.mask, next);
    if (patches.length === 0) return null;
    this.history.push(patchEntry(patches));
    return fullRect(this.mask);
  }
}
