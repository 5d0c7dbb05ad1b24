import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Columns2, EyeOff, LayoutGrid, Star, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { Modal, ModalTitle, Select, ToggleGroup } from '../../../ui/primitives';
import { WipeCompare } from '../../../ui/wipe';
import { useSelectionStore } from '../../gallery';
import { roughDurationText, roundPoints } from '../estimate-text';
import { useStudioStore } from '../studio-store';
import { VideoLockstep } from './VideoLockstep';
import { queryKeys } from '../../../state/query-keys';

const resultOf = (task: TaskSummary) => task.results.find((x) => x.state === 'done' && x.file) ?? task.results[0];
const fileOf = (task: TaskSummary): string | null => {
  const r = resultOf(task);
  return r?.state === 'done' ? r.file : null;
};
const isVideo = (task: TaskSummary): boolean => resultOf(task)?.kind === 'video';

/** Compare 2–4 results: images as a grid or a 2-up wipe with synced zoom/pan; videos in lock-step. Keep one, reject the others. */
export function CompareView() {
  const ids = useStudioStore((s) => s.compareIds);
  if (!ids) return null;
  return <CompareDialog ids={ids} />;
}

function CompareDialog({ ids }: { ids: string[] }) {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const [mode, setMode] = useState<'grid' | 'wipe'>('grid');
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const tasks = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.compareTask(id),
      queryFn: () => bridge.call('getTask', { id }),
    })),
  });
  const close = () => useStudioStore.getState().closeCompare();
  const loaded = tasks.map((q) => q.data).filter((x): x is NonNullable<typeof x> => x !== undefined);
  const shown = loaded.filter((x) => !hidden.has(x.id));
  // All videos: lock-step players. All pictures: the grid or the wipe. A mix: the grid, each in its own kind.
  const videos = shown.length > 0 && shown.every(isVideo);
  const mixed = !videos && shown.some(isVideo);

  const keep = async (task: TaskSummary) => {
    await bridge.call('setFavourite', { id: task.id, favourite: true });
    void qc.invalidateQueries({ queryKey: queryKeys.compareTask(task.id) });
  };
  const rejectOthers = async (task: TaskSummary) => {
    const others = shown.filter((x) => x.id !== task.id).map((x) => x.id);
    if (others.length === 0) return;
    await bridge.call('setRejected', { ids: others, rejected: true });
    setHidden((h) => new Set([...h, ...others]));
    useSelectionStore.getState().clear();
    void qc.invalidateQueries();
  };
  const restore = async () => {
    await bridge.call('setRejected', { ids: [...hidden], rejected: false });
    setHidden(new Set());
    void qc.invalidateQueries();
  };

  // A, B, C, D by the order they were picked: the same letter in the grid, the wipe and its pickers.
  const letter = (task: TaskSummary) => String.fromCharCode(65 + Math.max(0, ids.indexOf(task.id)));
  const time = (task: TaskSummary) =>
    new Date(task.createdAt).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  const name = (task: TaskSummary) => `${letter(task)} · ${task.model} · ${time(task)}`;
  const label = (task: TaskSummary) => (
    <span className="st-compare-label" data-testid="compare-label">
      <span className="st-compare-letter">{letter(task)}</span>
      <strong>{task.model}</strong>
      <span>{time(task)}</span>
      {task.points !== null && (
        <span>{t('studio.compare.points', { points: roundPoints(task.points) })}</span>
      )}
      {task.finishedAt !== null && (
        <span>
          {t('studio.compare.took', {
            time: roughDurationText(t, task.finishedAt - (task.submittedAt ?? task.createdAt)),
          })}
        </span>
      )}
    </span>
  );
  const actions = (task: TaskSummary) => (
    <>
      <button
        type="button"
        className={`btn btn-sm${task.favourite ? ' btn-primary' : ''}`}
        data-testid="compare-keep"
        aria-pressed={task.favourite}
        onClick={() => void keep(task)}
      >
        <Star size={13} fill={task.favourite ? 'currentColor' : 'none'} /> {t('studio.compare.keep')}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        data-testid="compare-reject-others"
        disabled={shown.length < 2}
        onClick={() => void rejectOthers(task)}
      >
        <EyeOff size={13} /> {t('studio.compare.rejectOthers')}
      </button>
    </>
  );
  const a = shown[pair[0]] ?? shown[0];
  const b = shown[pair[1]] ?? shown[1];
  const fa = a && fileOf(a);
  const fb = b && fileOf(b);

  return (
    <Modal
      onClose={close}
      backdropClassName="st-backdrop st-compare-backdrop"
      className="st-compare"
      testId="compare-view"
      data-kind={videos ? 'video' : mixed ? 'mixed' : 'image'}
      initialFocus="dialog"
    >
      <header className="st-dialog-head">
        <ModalTitle asChild>
          <h3>{t('studio.compare.title')}</h3>
        </ModalTitle>
        {!videos && !mixed && (
          <ToggleGroup
            className="st-seg"
            itemClassName="btn btn-sm"
            label={t('studio.compare.view')}
            value={mode}
            onChange={(m) => setMode(m === 'wipe' && shown.length >= 2 ? 'wipe' : 'grid')}
            choices={[
              {
                value: 'grid',
                label: t('studio.compare.grid'),
                testId: 'compare-mode-grid',
                content: (
                  <>
                    <LayoutGrid size={14} /> {t('studio.compare.grid')}
                  </>
                ),
              },
              {
                value: 'wipe',
                label: t('studio.compare.wipe'),
                testId: 'compare-mode-wipe',
                content: (
                  <>
                    <Columns2 size={14} /> {t('studio.compare.wipe')}
                  </>
                ),
              },
            ]}
          />
        )}
        {hidden.size > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            data-testid="compare-restore"
            onClick={() => void restore()}
          >
            {t('studio.compare.rejected', { count: hidden.size })} · {t('studio.compare.restore')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm btn-ghost st-close"
          aria-label={t('studio.compare.close')}
          data-testid="compare-close"
          onClick={close}
        >
          <X size={16} />
        </button>
      </header>
      {videos ? (
        <VideoLockstep
          items={shown.map((task) => {
            const f = fileOf(task);
            return {
              key: task.id,
              src: f ? mediaUrl('library', f) : '',
              label: label(task),
              actions: actions(task),
            };
          })}
        />
      ) : mode === 'wipe' && !mixed && a && b && fa && fb ? (
        <div className="st-wipe">
          {shown.length > 2 && (
            <div className="st-pair">
              {([0, 1] as const).map((side) => (
                <Select
                  key={side}
                  label={t(side === 0 ? 'studio.compare.left' : 'studio.compare.right')}
                  testId={`compare-pair-${side === 0 ? 'left' : 'right'}`}
                  value={String(pair[side])}
                  options={shown.map((x, i) => ({ value: String(i), label: name(x) }))}
                  onChange={(v) => setPair((p) => (side === 0 ? [Number(v), p[1]] : [p[0], Number(v)]))}
                />
              ))}
            </div>
          )}
          <WipeCompare
            beforeSrc={mediaUrl('library', fa)}
            afterSrc={mediaUrl('library', fb)}
            beforeLabel={name(a)}
            afterLabel={name(b)}
            testId="compare-wipe"
          />
        </div>
      ) : (
        <div className={`st-compare-grid n${shown.length}`} data-testid="compare-grid">
          {shown.map((task) => {
            const f = fileOf(task);
            return (
              <figure key={task.id} className="st-compare-cell" data-task-id={task.id}>
                {f && isVideo(task) ? (
                  <video src={mediaUrl('library', f)} controls muted playsInline preload="metadata" aria-label={task.prompt} data-testid="compare-cell-video" />
                ) : f ? (
                  <img src={mediaUrl('library', f)} alt={task.prompt} />
                ) : (
                  <div className="st-hint">{t('studio.compare.noFile')}</div>
                )}
                <figcaption>{label(task)}</figcaption>
                <div className="st-cell-actions">{actions(task)}</div>
              </figure>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
