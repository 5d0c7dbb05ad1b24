/**
 * The one set of keys of every mask surface (the inline painter and the full-screen editor): the same key
 * means the same thing in both. The inline painter has no region tools, so L, R and W do nothing there.
 *
 * | key | action |
 * |---|---|
 * | B / E | brush / eraser (the paint tool, painting or erasing) |
 * | L / R / W | lasso / rectangle / select by colour (editor) |
 * | X | swap painting and erasing (the brush and eraser; a region tool's Add and Subtract) |
 * | [ / ] | brush size down / up |
 * | F | fit to view |
 * | Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y | undo, redo |
 * | Space (held) | pan with the pointer |
 */
export type SurfaceTool = 'brush' | 'eraser' | 'lasso' | 'rect' | 'colour';

export type SurfaceKeyAction =
  | { kind: 'tool'; tool: SurfaceTool }
  | { kind: 'swap' }
  | { kind: 'size'; direction: 1 | -1 }
  | { kind: 'fit' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'pan' };

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const TOOL_KEYS: Readonly<Record<string, SurfaceTool>> = { b: 'brush', e: 'eraser', l: 'lasso', r: 'rect', w: 'colour' };

/** The action a key press asks for, or null when it is not a surface key. */
export function surfaceKeyAction(e: KeyLike): SurfaceKeyAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'z') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
  if (mod && key === 'y') return { kind: 'redo' };
  if (mod || e.altKey) return null;
  if (e.key === '[' || e.code === 'BracketLeft') return { kind: 'size', direction: -1 };
  if (e.key === ']' || e.code === 'BracketRight') return { kind: 'size', direction: 1 };
  if (e.code === 'Space') return { kind: 'pan' };
  const tool = TOOL_KEYS[key];
  if (tool) return { kind: 'tool', tool };
  if (key === 'x') return { kind: 'swap' };
  if (key === 'f') return { kind: 'fit' };
  return null;
}

const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

/** True while the user is typing somewhere: surface keys must not steal their letters. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}
