import { create } from 'zustand';

/** The tabs of the Settings dialog. */
export type SettingsTab = 'general' | 'gateways' | 'library' | 'team' | 'about';

interface SettingsUiState {
  tab: SettingsTab;
  setTab(tab: SettingsTab): void;
}

/**
 * Which Settings tab shows (UI state only). Other features may open a tab before opening the dialog, e.g.
 * the "no key" notice: `useSettingsUi.getState().setTab('gateways')`.
 */
export const useSettingsUi = create<SettingsUiState>()((set) => ({
  tab: 'general',
  setTab: (tab) => set({ tab }),
}));
