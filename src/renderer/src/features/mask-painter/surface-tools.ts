import type { SurfaceTool } from './surface-keys';
import type { PaintTool } from './stroke-session';

export type RegionTool = 'lasso' | 'rect' | 'colour';

/**
 * What a surface paints with: `paint` says whether it paints or erases (the brush or the eraser; a region
 * tool's Add or Subtract), `region` the region tool in hand, null while the brush/eraser is.
 */
export interface SurfaceToolState {
  paint: PaintTool;
  region: RegionTool | null;
}

/**
 * The state after picking a tool or pressing X. Nothing ever lands in a mode that paints nothing: a region
 * tool picked over an empty mask adds (subtracting from nothing changes nothing), and a surface without
 * region tools keeps its state when one is asked for.
 */
export function nextToolState(
  state: SurfaceToolState,
  action: { kind: 'tool'; tool: SurfaceTool } | { kind: 'swap' },
  ctx: { maskEmpty: boolean; regionTools: boolean },
): SurfaceToolState {
  if (action.kind === 'swap') return { ...state, paint: state.paint === 'brush' ? 'eraser' : 'brush' };
  const { tool } = action;
  if (tool === 'brush' || tool === 'eraser') return { paint: tool, region: null };
  if (!ctx.regionTools) return state;
  return { paint: ctx.maskEmpty ? 'brush' : state.paint, region: tool };
}

/** A surface opening over an empty mask paints (the eraser would erase nothing). */
export function openingToolState(state: SurfaceToolState, maskEmpty: boolean): SurfaceToolState {
  return maskEmpty && state.paint === 'eraser' ? { ...state, paint: 'brush' } : state;
}
