import { app, Notification, type BrowserWindow } from 'electron';
import type { Core } from '../core';
import type { TaskSummary } from '../shared/domain/task';
import { noticeFor, phaseOf, type TaskPhase } from './notification-policy';
import { runningCount, windowTitle } from './task-indicators';

/**
 * Follows core's task events for the desktop: the dock/taskbar badge and window title show how many tasks
 * are in flight, and (opt-in) an OS notification tells when a task finishes or fails while the window is
 * in the background. Clicking it focuses the window and emits `notificationClicked` so the renderer opens
 * that task. Returns the unsubscribe function.
 */
export function followTasks(core: Core, win: () => BrowserWindow | null): () => void {
  const phases = new Map<string, TaskPhase>();
  // Keep a reference: a garbage-collected Notification loses its click handler.
  const shown = new Set<Notification>();
  let lastCount = -1;

  let pending: NodeJS.Timeout | null = null;
  // Progress updates arrive many times a second; one count query per quarter second is plenty.
  const refreshIndicators = (): void => {
    pending ??= setTimeout(() => {
      pending = null;
      const count = runningCount(core.store.countsByStatus());
      if (count === lastCount) return;
      lastCount = count;
      app.setBadgeCount(count);
      const w = win();
      if (w && !w.isDestroyed()) w.setTitle(windowTitle(count));
    }, 250);
  };

  const unsubscribe = core.events.subscribe((event, payload) => {
    if (event === 'taskRemoved') {
      phases.delete((payload as { id: string }).id);
      refreshIndicators();
      return;
    }
    if (event !== 'taskChanged') return;
    const task = payload as TaskSummary;
    const previous = phases.get(task.id) ?? null;
    phases.set(task.id, phaseOf(task));
    refreshIndicators();
    showNotice(task, previous);
  });

  function showNotice(task: TaskSummary, previous: TaskPhase | null): void {
    void core.handlers.getPreferences({}).then((p) => {
      const w = win();
      const notice = noticeFor(task, previous, {
        enabled: p.notifications,
        windowFocused: !!w && !w.isDestroyed() && w.isFocused(),
        language: p.language,
      });
      if (!notice || !Notification.isSupported()) return;
      const n = new Notification({ title: notice.title, body: notice.body });
      shown.add(n);
      n.on('click', () => {
        const target = win();
        if (target && !target.isDestroyed()) {
          if (target.isMinimized()) target.restore();
          target.show();
          target.focus();
        }
        core.events.emit('notificationClicked', { id: notice.taskId });
        shown.delete(n);
      });
      n.on('close', () => shown.delete(n));
      n.show();
    });
  }

  refreshIndicators();
  return () => {
    unsubscribe();
    if (pending) clearTimeout(pending);
  };
}
