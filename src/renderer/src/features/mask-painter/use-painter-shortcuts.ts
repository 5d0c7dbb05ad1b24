import { useEffect, type RefObject } from 'react';

export interface PainterShortcutActions {
  sizeStep: (direction: 1 | -1) => void;
  toggleTool: () => void;
  undo: () => void;
  redo: () => void;
  setSpaceHeld: (held: boolean) => void;
}

const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

/** True while the user is typing somewhere: shortcuts must not steal their keys. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}

/**
 * Painter shortcuts, active only while the painter is hovered or holds focus, so two painters on a
 * page (or the rest of the app) never react to each other's keys.
 */
export function usePainterShortcuts(
  rootRef: RefObject<HTMLElement | null>,
  hoveredRef: RefObject<boolean>,
  actions: RefObject<PainterShortcutActions>,
): void {
  useEffect(() => {
    const active = (): boolean =>
      hoveredRef.current || (rootRef.current?.contains(document.activeElement) ?? false);

    const onKeyDown = (e: KeyboardEvent): void => {
      if (!active() || isTextEntry(e.target)) return;
      const a = actions.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        if (e.shiftKey) a.redo();
        else a.undo();
      } else if (mod && key === 'y') {
        a.redo();
      } else if (mod || e.altKey) {
        return;
      } else if (e.key === '[' || e.code === 'BracketLeft') {
        a.sizeStep(-1);
      } else if (e.key === ']' || e.code === 'BracketRight') {
        a.sizeStep(1);
      } else if (key === 'x') {
        a.toggleTool();
      } else if (e.code === 'Space') {
        a.setSpaceHeld(true);
      } else {
        return;
      }
      // Space would otherwise scroll the page or press a focused toolbar button.
      e.preventDefault();
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
  }, [rootRef, hoveredRef, actions]);
}
