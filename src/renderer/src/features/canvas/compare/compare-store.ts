import { create } from 'zustand';

/** Whether the lightbox shows edit results as before/after; kept while stepping through results. */
export const useCompareStore = create<{ on: boolean; toggle: () => void }>()((set) => ({
  on: false,
  toggle: () => set((s) => ({ on: !s.on })),
}));
