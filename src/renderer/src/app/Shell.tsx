import { lazy, Suspense } from 'react';
import { useBridgeEvents } from '../bridge/queries';
import { useFirstFramePainted } from '../boot/first-frame';
import { useKeepFirstScreen } from '../boot/use-keep-screen';
import { useUiStore } from '../state/ui-store';
import { FileDropDialog } from '../features/library/drop/FileDropDialog';
import { NoticeBanner } from '../features/notices/NoticeBanner';
import { GalleryPanel } from './GalleryPanel';
import { OperationSidebar } from './OperationSidebar';
import { ShortcutSheet } from './ShortcutSheet';
import { StudioSplit } from './StudioSplit';
import { TopBar } from './TopBar';
import { useAppearance } from './use-appearance';

/** Loaded when first opened (its own chunk): the first screen never needs it. */
const SettingsDialog = lazy(() =>
  import('../features/settings/SettingsDialog').then((m) => ({ default: m.SettingsDialog })),
);

/**
 * The form (the forms feature, the operation catalog and the zod schemas it validates with, most of the
 * app's code) is its own chunk, asked for once the first frame (the gallery) is on screen: its loading,
 * parsing and first render do not compete with the gallery's.
 */
const OperationPanel = lazy(() => import('./OperationPanel').then((m) => ({ default: m.OperationPanel })));

/** The studio layout: operations left, the form and the gallery in a resizable split, status on top. */
export function Shell({ connected }: { connected: boolean }) {
  useBridgeEvents();
  useKeepFirstScreen();
  const theme = useAppearance();
  const settingsOpen = useUiStore((s) => s.settingsOpen);
  const painted = useFirstFramePainted();
  const formLoading = <div className="op-panel" data-testid="operation-panel-loading" aria-busy="true" />;
  return (
    <div className="shell" data-testid="shell">
      <TopBar connected={connected} theme={theme} />
      <NoticeBanner />
      <OperationSidebar />
      <StudioSplit
        form={
          painted ? (
            <Suspense fallback={formLoading}>
              <OperationPanel />
            </Suspense>
          ) : (
            formLoading
          )
        }
        gallery={<GalleryPanel />}
      />
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog />
        </Suspense>
      )}
      <FileDropDialog />
      <ShortcutSheet />
    </div>
  );
}
