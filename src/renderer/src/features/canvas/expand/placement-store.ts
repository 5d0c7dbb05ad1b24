import { create } from 'zustand';
import { CENTRED, type Placement } from './placement';

/** The expansion form's placement (sent as the four expansion ratios, see ExpandPreview). */
export const usePlacementStore = create<{ placement: Placement; set: (p: Placement) => void }>()((set) => ({
  placement: CENTRED,
  set: (placement) => set({ placement }),
}));
