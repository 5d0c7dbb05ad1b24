import { lazy, Suspense } from 'react';
import { useStudioStore } from '../studio-store';

/** Compare (grid, wipe, video lockstep) is its own chunk, loaded when Compare is first opened. */
const CompareView = lazy(() => import('./CompareView').then((m) => ({ default: m.CompareView })));

export function LazyCompareView() {
  const open = useStudioStore((s) => s.compareIds !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CompareView />
    </Suspense>
  );
}
