import type { MaskRaster, Rect } from './mask-raster';
import { applyPatches, patchCost, type TilePatch } from './tile-patch';
import { fullRect } from './mask-raster';

/**
 * Undo history with bounded memory (InvokeAI #2289: the canvas crawled with a big, unbounded history).
 * Entries are tile patches (before/after of the 64×64 tiles a change touched; uniform tiles cost no
 * pixel bytes) or a pixel-free `invert`. Undo and redo stacks together stay within both limits; the
 * oldest undo entries are evicted first. The newest entry is always kept even if it alone is larger
 * than `maxBytes` (for 4096² the worst case, a full-image patch, is 2 × 16 MiB, below the default).
 */
export interface HistoryLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_HISTORY_LIMITS: HistoryLimits = { maxEntries: 100, maxBytes: 64 * 1024 * 1024 };

export type HistoryEntry =
  | { kind: 'patch'; patches: TilePatch[]; bytes: number }
  | { kind: 'invert'; bytes: number };

export function patchEntry(patches: TilePatch[]): HistoryEntry {
  return { kind: 'patch', patches, bytes: patchCost(patches) };
}

export function invertEntry(): HistoryEntry {
  return { kind: 'invert', bytes: 16 };
}

export function invertInPlace(mask: MaskRaster): Rect {
  const d = mask.data;
  for (let i = 0; i < d.length; i++) d[i] = 255 - (d[i] ?? 0);
  return fullRect(mask);
}

export class MaskHistory {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private total = 0;

  constructor(readonly limits: HistoryLimits = DEFAULT_HISTORY_LIMITS) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get bytes(): number {
    return this.total;
  }

  get undoCount(): number {
    return this.undoStack.length;
  }

  push(entry: HistoryEntry): void {
    for (const e of this.redoStack) this.total -= e.bytes;
    this.redoStack = [];
    this.undoStack.push(entry);
    this.total += entry.bytes;
    while (
      this.undoStack.length > 1 &&
      (this.undoStack.length > this.limits.maxEntries || this.total > this.limits.maxBytes)
    ) {
      const evicted = this.undoStack.shift();
      if (evicted) this.total -= evicted.bytes;
    }
  }

  undo(mask: MaskRaster): Rect | null {
    const entry = this.undoStack.pop();
    if (!entry) return null;
    this.redoStack.push(entry);
    return apply(mask, entry, 'before');
  }

  redo(mask: MaskRaster): Rect | null {
    const entry = this.redoStack.pop();
    if (!entry) return null;
    this.undoStack.push(entry);
    return apply(mask, entry, 'after');
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.total = 0;
  }
}

function apply(mask: MaskRaster, entry: HistoryEntry, side: 'before' | 'after'): Rect | null {
  if (entry.kind === 'invert') return invertInPlace(mask);
  return applyPatches(mask, entry.patches, side);
}
