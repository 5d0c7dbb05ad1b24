import { FastForward, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { stageFile } from '../../../bridge/media';
import { useGalleryStore } from '../../gallery';
import { draftOf, refusalText, useDraftStore } from '../../forms';
import { captureFrame, formatTime, lastFrameTime, seekTo } from './capture-frame';
import { fillSlot, SLOTS, type Slot } from './slots';
import { UseAsInput } from './UseAsInput';

const lightboxVideo = (): HTMLVideoElement | null =>
  document.querySelector<HTMLVideoElement>('[data-testid="lightbox-video"]');

/**
 * Frame tools of a video result in the lightbox: "Use this frame as…" any image slot (the frame shown now,
 * at native resolution, staged as a PNG that remembers task and time), "Continue from last frame" and
 * "Extend" ("Extend again" on an extension).
 */
export function FrameActions({ task, index }: { task: TaskSummary; index: number }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const toast = useGalleryStore.getState().toast;
  const result = task.results[index];
  if (!result || result.kind !== 'video' || result.state !== 'done') return null;

  /** Captures the frame at `time` (or the current one), stages it with its origin, and fills `slot`. */
  const takeFrame = async (slot: Slot, time: number | null, extra: Record<string, unknown> = {}) => {
    const video = lightboxVideo();
    if (!video) return toast(t('library.frame.notReady'), 'error');
    setBusy(true);
    let name = 'frame.png';
    try {
      video.pause();
      if (time !== null) await seekTo(video, time);
      const at = video.currentTime;
      const ms = Math.round(at * 1000);
      name = `frame-${task.id.slice(0, 8)}-${ms}ms.png`;
      const file = await captureFrame(video, name);
      const ref = await stageFile(bridge, file);
      await bridge.call('recordFrameOrigin', {
        inputId: ref.id,
        origin: { taskId: task.id, index, timeMs: ms },
      });
      if (!fillSlot(slot, { kind: 'file', input: ref }, extra)) {
        // The form with the full list is shown and says how to make room: close the viewer to show it.
        useGalleryStore.getState().set({ lightbox: null });
        return toast(t('library.toast.slotFull', { operation: t(`op.${slot.operationId}.label`) }), 'error');
      }
      useGalleryStore.getState().set({ lightbox: null });
      toast(
        time === null
          ? t('library.toast.frameStaged', {
              time: formatTime(at),
              operation: t(`op.${slot.operationId}.label`),
            })
          : t('library.toast.continued'),
      );
    } catch (e) {
      // Core's and the browser's messages are English: a refusal is said by its code, anything else plainly.
      const why = refusalText(t, name, e);
      toast(why ? t('library.frame.failed', { message: why }) : t('library.frame.failedPlain'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const continueFromLast = () => {
    const video = lightboxVideo();
    const slot = SLOTS.find((s) => s.id === 'firstFrame');
    if (!video || !slot) return toast(t('library.frame.notReady'), 'error');
    // A fresh first-frame draft, with the prompt carried over for editing.
    void takeFrame(slot, lastFrameTime(video), { inputKind: 'firstFrame', prompt: task.prompt });
  };
  const extendAgain = () => {
    const slot = SLOTS.find((s) => s.id === 'extend');
    if (!slot || !task.remoteId) return;
    const { values } = draftOf(useDraftStore.getState().drafts, 'vendor.extend');
    fillSlot(slot, task.remoteId, {
      prompt: typeof values.prompt === 'string' && values.prompt ? values.prompt : task.prompt,
    });
    useGalleryStore.getState().set({ lightbox: null });
    toast(t('library.toast.extendAgain'));
  };
  return (
    <div className="lb-frame-actions" data-testid="frame-actions" aria-busy={busy}>
      <UseAsInput
        targets={SLOTS.filter((s) => s.accept === 'image')}
        label={t('library.frame.useAs')}
        testId="use-frame"
        onPick={(s) => void takeFrame(s, null)}
      />
      <button
        type="button"
        className="btn"
        disabled={busy}
        data-testid="continue-last-frame"
        onClick={continueFromLast}
      >
        <SkipForward size={15} /> {t('library.frame.continue')}
      </button>
      {task.remoteId && (
        <button
          type="button"
          className="btn"
          disabled={busy}
          data-testid="extend-video"
          onClick={extendAgain}
        >
          {/* "Again" only for a video that is itself an extension. */}
          <FastForward size={15} /> {t(task.operationId === 'vendor.extend' ? 'library.frame.extendAgain' : 'library.frame.extend')}
        </button>
      )}
    </div>
  );
}
