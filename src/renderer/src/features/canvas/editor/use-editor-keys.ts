import { useEffect, type RefObject } from 'react';
import { stepSize } from '../../mask-painter';
import { usePainterToolStore } from '../../mask-painter';
import { useEditorStore, type EditorTool } from './editor-store';

export interface EditorKeyActions {
  undo: () => void;
  redo: () => void;
  fit: () => void;
  close: () => void;
  setSpaceHeld: (held: boolean) => void;
}

const TOOL_KEYS: Record<string, { tool: EditorTool; paint?: 'brush' | 'eraser' }> = {
  b: { tool: 'paint', paint: 'brush' },
  e: { tool: 'paint', paint: 'eraser' },
  l: { tool: 'lasso' },
  r: { tool: 'rect' },
  w: { tool: 'colour' },
};

function isTextEntry(t: EventTarget | null): boolean {
  return (
    t instanceof HTMLElement &&
    (t.isContentEditable ||
      t instanceof HTMLTextAreaElement ||
      (t instanceof HTMLInputElement && t.type !== 'checkbox'))
  );
}

/**
 * Keyboard-first: B brush, E eraser, L lasso, R rectangle, W colour, [ ] size, X swap paint/erase,
 * Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z or Ctrl+Y redo, F fit, Space+drag pan. Esc is the modal's (it closes
 * only while nothing was changed). The editor is modal, so it listens on the window while it is open.
 */
export function useEditorKeys(actions: RefObject<EditorKeyActions>): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent): void => {
      if (isTextEntry(e.target)) return;
      const a = actions.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const painter = usePainterToolStore.getState();
      if (mod && key === 'z') {
        if (e.shiftKey) a.redo();
        else a.undo();
      } else if (mod && key === 'y') a.redo();
      else if (mod || e.altKey) return;
      else if (TOOL_KEYS[key]) {
        const k = TOOL_KEYS[key];
        useEditorStore.getState().update({ tool: k.tool });
        if (k.paint) painter.update({ tool: k.paint });
      } else if (e.key === '[' || e.code === 'BracketLeft')
        painter.update({ size: stepSize(painter.size, -1) });
      else if (e.key === ']' || e.code === 'BracketRight')
        painter.update({ size: stepSize(painter.size, 1) });
      else if (key === 'x') painter.update({ tool: painter.tool === 'brush' ? 'eraser' : 'brush' });
      else if (key === 'f') a.fit();
      else if (e.code === 'Space') a.setSpaceHeld(true);
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    const onKeyUp = (e: KeyboardEvent): void => {
      if (e.code === 'Space') actions.current.setSpaceHeld(false);
    };
    const onBlur = (): void => actions.current.setSpaceHeld(false);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [actions]);
}
