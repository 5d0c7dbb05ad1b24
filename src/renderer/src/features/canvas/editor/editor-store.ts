import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The full-screen editor's own settings. Brush size, hardness, opacity, overlay and format stay in the
 * painter's shared store (so the inline painter and the editor agree); this adds the region tools.
 * `brush`/`eraser` paint; the region tools fill, adding when the painter tool is the brush and removing
 * when it is the eraser (X swaps both), Alt inverting for one fill.
 */
export type EditorTool = 'paint' | 'lasso' | 'rect' | 'colour';
export type SourceView = 'overlay' | 'side';

export interface EditorSettings {
  tool: EditorTool;
  tolerance: number;
  contiguous: boolean;
  featherRadius: number;
  view: SourceView;
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  tool: 'paint',
  tolerance: 12,
  contiguous: true,
  featherRadius: 12,
  view: 'overlay',
};

export const useEditorStore = create<EditorSettings & { update: (p: Partial<EditorSettings>) => void }>()(
  persist((set) => ({ ...DEFAULT_EDITOR_SETTINGS, update: (p) => set(p) }), {
    name: 'atelier.canvas-editor',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ update: _u, ...s }) => s,
  }),
);
