import { useMemo, useRef, type ClipboardEvent } from 'react';
import type { MediaKind } from '../../../../shared/operations/media';
import { choosePasteTarget, type FormMediaContext, type PasteTarget } from './form-context';

const kindOf = (f: File): MediaKind | null => {
  const k = f.type.split('/')[0];
  return k === 'image' || k === 'video' || k === 'audio' ? k : null;
};

/** Routes files pasted anywhere in the form to the media field that should take them. */
export function usePasteTargets(onNoTarget: (kind: string) => void) {
  const targets = useRef(new Map<string, PasteTarget>());
  const last = useRef<string | null>(null);
  const context = useMemo<FormMediaContext>(
    () => ({
      register(name, target) {
        targets.current.set(name, target);
        return () => {
          if (targets.current.get(name) === target) targets.current.delete(name);
        };
      },
      activate(name) {
        last.current = name;
      },
    }),
    [],
  );
  const onPaste = (e: ClipboardEvent) => {
    const files = Array.from(e.clipboardData.files);
    const first = files[0];
    if (!first) return;
    e.preventDefault();
    const target = choosePasteTarget(targets.current, last.current, kindOf(first));
    if (target) target.add(files);
    else onNoTarget(first.type || 'unknown');
  };
  return { context, onPaste };
}
