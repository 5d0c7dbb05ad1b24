import { useEffect } from 'react';
import { useBridge } from '../../../bridge/bridge-context';
import { useGalleryStore } from '../gallery-store';

/** A click on an OS notification (desktop app) opens that task in the lightbox. */
export function useNotificationClicks(): void {
  const bridge = useBridge();
  useEffect(() => bridge.on('notificationClicked', ({ id }) => useGalleryStore.getState().set({ lightbox: { taskId: id, index: 0 } })), [bridge]);
}
