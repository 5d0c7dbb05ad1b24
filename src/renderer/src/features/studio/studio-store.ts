import { create } from 'zustand';
import type { OperationId } from '../../../../shared/operations/ids';

/** Per form: how many times to submit (×N) and, when several are chosen, which models; plus open dialogs. */
interface StudioState {
  count: Partial<Record<OperationId, number>>;
  models: Partial<Record<OperationId, string[]>>;
  compareIds: string[] | null;
  ledgerOpen: boolean;
  setCount(op: OperationId, n: number): void;
  setModels(op: OperationId, models: string[]): void;
  openCompare(ids: string[]): void;
  closeCompare(): void;
  setLedgerOpen(open: boolean): void;
}

export const useStudioStore = create<StudioState>()((set) => ({
  count: {},
  models: {},
  compareIds: null,
  ledgerOpen: false,
  setCount: (op, n) => set((s) => ({ count: { ...s.count, [op]: Math.min(8, Math.max(1, Math.round(n))) } })),
  setModels: (op, models) => set((s) => ({ models: { ...s.models, [op]: models } })),
  openCompare: (ids) => set({ compareIds: ids.slice(0, 4) }),
  closeCompare: () => set({ compareIds: null }),
  setLedgerOpen: (ledgerOpen) => set({ ledgerOpen }),
}));
