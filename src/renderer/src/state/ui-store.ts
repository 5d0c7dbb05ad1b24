import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { OperationId } from '../../../shared/operations/ids';

interface UiState {
  operationId: OperationId;
  settingsOpen: boolean;
  galleryView: 'grid' | 'list';
  selectOperation(id: OperationId): void;
  setSettingsOpen(open: boolean): void;
  setGalleryView(view: 'grid' | 'list'): void;
}

/** UI-only state (never data from core), remembered across restarts. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      operationId: 'gateway.text2video',
      settingsOpen: false,
      galleryView: 'grid',
      selectOperation: (operationId) => set({ operationId }),
      setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
      setGalleryView: (galleryView) => set({ galleryView }),
    }),
    { name: 'atelier.ui', partialize: (s) => ({ operationId: s.operationId, galleryView: s.galleryView }) },
  ),
);
