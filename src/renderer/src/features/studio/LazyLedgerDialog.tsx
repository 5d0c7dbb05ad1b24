import { lazy, Suspense } from 'react';
import { useStudioStore } from './studio-store';

/** The points ledger is its own chunk, loaded when first opened. */
const LedgerDialog = lazy(() => import('./LedgerDialog').then((m) => ({ default: m.LedgerDialog })));

export function LazyLedgerDialog() {
  const open = useStudioStore((s) => s.ledgerOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LedgerDialog />
    </Suspense>
  );
}
