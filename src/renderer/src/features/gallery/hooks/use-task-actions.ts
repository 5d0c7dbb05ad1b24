import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetail, TaskSummary } from '../../../../../shared/domain/task';
import { isNotSent } from '../../../../../shared/domain/not-sent';
import { useBridge } from '../../../bridge/bridge-context';
import { putResultIntoForm } from '../../forms';
import { reuseSettings } from '../forms-integration';
import { fillSlot, resultMedia } from '../../library';
import { useUiStore } from '../../../state/ui-store';
import { useGalleryStore } from '../gallery-store';
import type { InputTarget } from '../model/actions';
import { applyRemoval, applySummary } from './use-gallery-events';
import { queryKeys } from '../../../state/query-keys';

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What the menus, hover buttons and the lightbox do. Each answers with a toast, never silently. */
export function useTaskActions() {
  const bridge = useBridge();
  const qc = useQueryClient();
  const { t } = useTranslation();
  return useMemo(() => {
    const toast = useGalleryStore.getState().toast;
    const run = async (what: () => Promise<TaskSummary | void>, done?: string) => {
      try {
        const task = await what();
        if (task) applySummary(qc, task);
        if (done) toast(done);
      } catch (e) {
        toast(errorText(e), 'error');
      }
    };
    const copy = (text: string, done: string) =>
      navigator.clipboard.writeText(text).then(
        () => toast(done),
        (e: unknown) => toast(errorText(e), 'error'),
      );
    const detail = (id: string): Promise<TaskDetail> =>
      qc.fetchQuery({
        queryKey: queryKeys.task(id),
        queryFn: () => bridge.call('getTask', { id }),
        staleTime: Infinity,
      });

    return {
      open: (task: TaskSummary, index = 0) =>
        useGalleryStore.getState().set({ lightbox: { taskId: task.id, index } }),
      favourite: (task: TaskSummary) =>
        run(() => bridge.call('setFavourite', { id: task.id, favourite: !task.favourite })),
      checkAgain: (task: TaskSummary) =>
        run(() => bridge.call('checkTask', { id: task.id }), t(isNotSent(task) ? 'gallery.toast.sending' : 'gallery.toast.checking')),
      retryDownload: (task: TaskSummary) =>
        run(() => bridge.call('retryDownload', { id: task.id }), t('gallery.toast.retrying')),
      rerun: (task: TaskSummary) => run(() => bridge.call('rerunTask', { id: task.id, intoBatch: false }), t('studio.rerunDone')),
      stopTracking: (task: TaskSummary) =>
        run(() => bridge.call('stopTracking', { id: task.id }), t('gallery.toast.stopped')),
      /** Electron: main asks where, then copies. Web mode uses an `<a download>` instead (see SaveLink). */
      saveAs: (task: TaskSummary, index: number) =>
        run(async () => {
          const { path } = await bridge.call('saveResultAs', { id: task.id, index });
          if (path) toast(t('gallery.toast.saved', { path }));
        }),
      reveal: (task: TaskSummary, index: number) =>
        run(async () => void (await bridge.call('revealResult', { id: task.id, index }))),
      copyPrompt: (task: TaskSummary) => copy(task.prompt, t('gallery.toast.copiedPrompt')),
      copyId: (task: TaskSummary) =>
        copy(task.remoteId ? `${task.id} (${task.remoteId})` : task.id, t('gallery.toast.copiedId')),
      copyError: (task: TaskSummary) => copy(task.error ?? '', t('gallery.toast.copiedError')),
      reuse: (task: TaskSummary) =>
        run(async () => {
          const d = await detail(task.id);
          toast(reuseSettings(d) ? t('gallery.toast.reused') : t('gallery.toast.formsPending'), 'ok');
          // Like "Use as input": the settings are in the form now, so show the form.
          useGalleryStore.getState().set({ lightbox: null });
        }),
      useAsInput: (task: TaskSummary, index: number, target: InputTarget) => {
        const media = resultMedia(task, index);
        if (!media) return;
        const filled = fillSlot(target, target.value === 'remoteId' ? (task.remoteId ?? '') : media);
        toast(
          filled
            ? t('gallery.toast.usedAsInput', { operation: t(`op.${target.operationId}.label`) })
            : t('library.toast.slotFull', { operation: t(`op.${target.operationId}.label`) }),
          filled ? 'ok' : 'error',
        );
        useGalleryStore.getState().set({ lightbox: null });
      },
      /** Into the form on screen, wherever it takes this kind of media. */
      useInCurrentForm: (task: TaskSummary, index: number) => {
        const field = putResultIntoForm(task, index);
        const op = t(`op.${useUiStore.getState().operationId}.label`);
        toast(
          field
            ? t('gallery.toast.usedAsInput', { operation: op })
            : t('gallery.toast.noPlace', { operation: op }),
          field ? 'ok' : 'error',
        );
        if (field) useGalleryStore.getState().set({ lightbox: null });
      },
      askDelete: (task: TaskSummary) => useGalleryStore.getState().set({ confirmDelete: task.id }),
      delete: (id: string, deleteFiles: boolean) =>
        run(async () => {
          await bridge.call('deleteTask', { id, deleteFiles });
          // The taskRemoved event does the same (idempotently); doing it now makes the click feel instant.
          applyRemoval(qc, id);
          void qc.invalidateQueries({ queryKey: queryKeys.tasks.countsAll });
        }, t('gallery.toast.deleted')),
    };
  }, [bridge, qc, t]);
}

export type TaskActions = ReturnType<typeof useTaskActions>;
