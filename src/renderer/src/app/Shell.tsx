import { lazy, Suspense } from 'react';
import { useBridgeEvents } from '../bridge/queries';
import { useUiStore } from '../state/ui-store';
import { FileDropDialog } from '../features/library/drop/FileDropDialog';
import { NoticeBanner } from '../features/notices/NoticeBanner';
import { GalleryPanel } from './GalleryPanel';
import { OperationPanel } from './OperationPanel';
import { OperationSidebar } from './OperationSidebar';
import { ShortcutSheet } from './ShortcutSheet';
import { StudioSplit } from './StudioSplit';
import { TopBar } from './TopBar';
import { useAppearance } from './use-appearance';

/** Loaded when first opened (its own chunk): the first screen never needs it. */
const SettingsDialog = lazy(() =>
  import('../features/settings/SettingsDialog').then((m) => ({ default: m.SettingsDialog })),
);

/** The studio layout: operations left, the form and the gallery in a resizable split, status on top. */
export function Shell({ connected }: { connected: boolean }) {
  useBridgeEvents();
  const theme = useAppearance();
  const settingsOpen = useUiStore((s) => s.settingsOpen);
  return (
    <div className="shell" data-testid="shell">
      <TopBar connected={connected} theme={theme} />
      <NoticeBanner />
      <OperationSidebar />
      <StudioSplit form={<OperationPanel />} gallery={<GalleryPanel />} />
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
