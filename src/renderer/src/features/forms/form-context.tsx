import { createContext, useContext, useEffect } from 'react';
import type { MediaKind } from '../../../../shared/operations/media';

/** A media field that can take pasted files. */
export interface PasteTarget {
  accept: MediaKind;
  hasRoom(): boolean;
  add(files: File[]): void;
}

export interface FormMediaContext {
  register(name: string, target: PasteTarget): () => void;
  /** The field the user last touched: pasted files go there first. */
  activate(name: string): void;
}

export const MediaTargetsContext = createContext<FormMediaContext | null>(null);

/** Registers a media field as a paste target of its form for as long as it is mounted. */
export function usePasteTarget(name: string, target: PasteTarget): () => void {
  const ctx = useContext(MediaTargetsContext);
  useEffect(() => ctx?.register(name, target), [ctx, name, target]);
  return () => ctx?.activate(name);
}

/** Picks where pasted files go: the last touched field if it fits, else the first field that fits. */
export function choosePasteTarget(targets: Map<string, PasteTarget>, last: string | null, kind: MediaKind | null): PasteTarget | null {
  const fits = (t: PasteTarget | undefined): t is PasteTarget => !!t && (!kind || t.accept === kind) && t.hasRoom();
  const preferred = last ? targets.get(last) : undefined;
  if (fits(preferred)) return preferred;
  for (const t of targets.values()) if (fits(t)) return t;
  return null;
}
