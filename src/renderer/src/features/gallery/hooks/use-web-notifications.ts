import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskStatus, TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { usePreferences } from '../../../bridge/queries';
import { useGalleryStore } from '../gallery-store';

/**
 * Web mode only (Electron's main process notifies natively): when the `notifications` preference is on and
 * the page is not focused, a task that finishes or fails raises a browser notification; clicking it opens
 * the task. The browser's permission is asked the first time one would be shown.
 */
export function useWebNotifications(): (task: TaskSummary, previous: TaskStatus | null) => void {
  const bridge = useBridge();
  const { t } = useTranslation();
  const enabled = usePreferences().data?.notifications ?? false;
  return useCallback(
    (task, previous) => {
      if (bridge.transport !== 'web' || !enabled || previous === null || typeof Notification === 'undefined') return;
      if (task.status !== 'succeeded' && task.status !== 'failed') return;
      if (document.hasFocus()) return;
      const show = () => {
        const n = new Notification(t(task.status === 'succeeded' ? 'gallery.notify.done' : 'gallery.notify.failed'), { body: task.error ?? task.prompt.slice(0, 120), tag: task.id });
        n.onclick = () => {
          window.focus();
          useGalleryStore.getState().set({ lightbox: { taskId: task.id, index: 0 } });
        };
      };
      if (Notification.permission === 'granted') show();
      else if (Notification.permission === 'default') void Notification.requestPermission().then((p) => p === 'granted' && show());
    },
    [bridge, enabled, t],
  );
}
