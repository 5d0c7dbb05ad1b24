import { create } from 'zustand';
import { CENTRED, type Placement } from './placement';

/** The expansion form's placement: preview state only (the gateway takes no position or scale). */
export const usePlacementStore = create<{ placement: Placement; set: (p: Placement) => void }>()((set) => ({
  placement: CENTRED,
  set: (placement) => set({ placement }),
}));
