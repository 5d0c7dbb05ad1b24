import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MaskFormat } from './mask-export';
import type { PaintTool } from './stroke-session';

/** Tool settings are UI state shared by every painter and kept between sessions (like ComfyUI's). */
export interface PainterToolSettings {
  tool: PaintTool;
  size: number;
  hardness: number;
  opacity: number;
  overlayColor: string;
  overlayOpacity: number;
  format: MaskFormat;
}

interface PainterToolStore extends PainterToolSettings {
  update: (patch: Partial<PainterToolSettings>) => void;
}

export const DEFAULT_TOOL_SETTINGS: PainterToolSettings = {
  tool: 'brush',
  size: 48,
  hardness: 0.8,
  opacity: 1,
  overlayColor: '#ff2d55',
  overlayOpacity: 0.5,
  format: 'white-edit',
};

export const usePainterToolStore = create<PainterToolStore>()(
  persist(
    (set) => ({
      ...DEFAULT_TOOL_SETTINGS,
      update: (patch) => set(patch),
    }),
    {
      name: 'atelier.mask-painter.tool',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ update: _update, ...settings }) => settings,
    },
  ),
);
