import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Whether the Batches panel is collapsed, remembered across restarts. */
export const useBatchesPanel = create<{ collapsed: boolean; toggle(): void }>()(
  persist((set) => ({ collapsed: false, toggle: () => set((s) => ({ collapsed: !s.collapsed })) }), { name: 'atelier.studio.batches' }),
);
