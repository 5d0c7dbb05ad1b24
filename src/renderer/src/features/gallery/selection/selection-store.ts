import { create } from 'zustand';

/**
 * Which gallery tasks are selected (grid and list share it). One store so that every feature that acts on
 * a selection (compare, move to board, favourite, delete, export) sees the same set.
 * `anchor` is the last plainly or Ctrl/Cmd-clicked id, the start of a Shift-click range.
 */
interface SelectionState {
  ids: ReadonlySet<string>;
  anchor: string | null;
  /** Ctrl/Cmd-click: add or remove one id. */
  toggle(id: string): void;
  /**
   * Shift-click: select every id between the anchor and `id` in the order the gallery shows them. Shift+arrow
   * passes `from` (the focused task): with no anchor yet, the range starts there and it becomes the anchor.
   */
  extendTo(id: string, ordered: readonly string[], from?: string): void;
  /** Replace the selection (a lasso, "select all in batch"). */
  set(ids: Iterable<string>): void;
  clear(): void;
}

export const useSelectionStore = create<SelectionState>()((set, get) => ({
  ids: new Set<string>(),
  anchor: null,
  toggle: (id) => {
    const ids = new Set(get().ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    set({ ids, anchor: id });
  },
  extendTo: (id, ordered, start) => {
    const anchor = get().anchor ?? start ?? null;
    if (anchor !== get().anchor) set({ anchor });
    const from = anchor === null ? -1 : ordered.indexOf(anchor);
    const to = ordered.indexOf(id);
    if (to < 0) return;
    if (from < 0) return set({ ids: new Set([id]), anchor: id });
    const [a, b] = from <= to ? [from, to] : [to, from];
    set({ ids: new Set([...get().ids, ...ordered.slice(a, b + 1)]) });
  },
  set: (ids) => set({ ids: new Set(ids) }),
  clear: () => set({ ids: new Set<string>(), anchor: null }),
}));
