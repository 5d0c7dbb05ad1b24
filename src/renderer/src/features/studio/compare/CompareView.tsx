import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Columns2, EyeOff, LayoutGrid, Star, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { WipeCompare } from '../../../ui/wipe';
import { useSelectionStore } from '../../gallery/selection/selection-store';
import { roughDurationText, roundPoints } from '../estimate-text';
import { useStudioStore } from '../studio-store';
import { VideoLockstep } from './VideoLockstep';

const fileOf = (task: TaskSummary): string | null => {
  const r = task.results.find((x) => x.state === 'done' && x.file);
  return r?.file ?? null;
};

/** Compare 2–4 results: images as a grid or a 2-up wipe with synced zoom/pan; videos in lock-step. Keep one, reject the others. */
export function CompareView() {
  const ids = useStudioStore((s) => s.compareIds);
  if (!ids) return null;
  return <CompareDialog ids={ids} />;
}

function CompareDialog({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const [mode, setMode] = useState<'grid' | 'wipe'>('grid');
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const tasks = useQueries({ queries: ids.map((id) => ({ queryKey: ['compare-task', id], queryFn: () => bridge.call('getTask', { id }) })) });
  const close = () => useStudioStore.getState().closeCompare();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const loaded = tasks.map((q) => q.data).filter((x): x is NonNullable<typeof x> => x !== undefined);
  const shown = loaded.filter((x) => !hidden.has(x.id));
  const videos = shown.length > 0 && shown.every((x) => x.results[0]?.kind === 'video');

  const keep = async (task: TaskSummary) => {
    await bridge.call('setFavourite', { id: task.id, favourite: true });
    void qc.invalidateQueries({ queryKey: ['compare-task', task.id] });
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

  const label = (task: TaskSummary) => (
    <span className="st-compare-label" data-testid="compare-label">
      <strong>{task.model}</strong>
      {task.points !== null && <span>{t('studio.compare.points', { points: roundPoints(task.points) })}</span>}
      {task.finishedAt !== null && <span>{t('studio.compare.took', { time: roughDurationText(t, task.finishedAt - (task.submittedAt ?? task.createdAt)) })}</span>}
    </span>
  );
  const actions = (task: TaskSummary) => (
    <>
      <button type="button" className={`btn btn-sm${task.favourite ? ' btn-primary' : ''}`} data-testid="compare-keep" aria-pressed={task.favourite} onClick={() => void keep(task)}>
        <Star size={13} fill={task.favourite ? 'currentColor' : 'none'} /> {t('studio.compare.keep')}
      </button>
      <button type="button" className="btn btn-sm btn-ghost" data-testid="compare-reject-others" disabled={shown.length < 2} onClick={() => void rejectOthers(task)}>
        <EyeOff size={13} /> {t('studio.compare.rejectOthers')}
      </button>
    </>
  );
  const a = shown[pair[0]] ?? shown[0];
  const b = shown[pair[1]] ?? shown[1];
  const fa = a && fileOf(a);
  const fb = b && fileOf(b);

  return (
    <div className="st-backdrop st-compare-backdrop">
      <div className="st-compare" role="dialog" aria-modal="true" aria-label={t('studio.compare.title')} data-testid="compare-view" data-kind={videos ? 'video' : 'image'}>
        <header className="st-dialog-head">
          <h3>{t('studio.compare.title')}</h3>
          {!videos && (
            <div className="st-seg" role="group">
              <button type="button" className={`btn btn-sm${mode === 'grid' ? ' on' : ''}`} aria-pressed={mode === 'grid'} data-testid="compare-mode-grid" onClick={() => setMode('grid')}>
                <LayoutGrid size={14} /> {t('studio.compare.grid')}
              </button>
              <button type="button" className={`btn btn-sm${mode === 'wipe' ? ' on' : ''}`} aria-pressed={mode === 'wipe'} disabled={shown.length < 2} data-testid="compare-mode-wipe" onClick={() => setMode('wipe')}>
                <Columns2 size={14} /> {t('studio.compare.wipe')}
              </button>
            </div>
          )}
          {hidden.size > 0 && (
            <button type="button" className="btn btn-sm btn-ghost" data-testid="compare-restore" onClick={() => void restore()}>
              {t('studio.compare.rejected', { count: hidden.size })} · {t('studio.compare.restore')}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-ghost st-close" aria-label={t('studio.compare.close')} data-testid="compare-close" onClick={close}>
            <X size={16} />
          </button>
        </header>
        {videos ? (
          <VideoLockstep
            items={shown.map((task) => {
              const f = fileOf(task);
              return { key: task.id, src: f ? mediaUrl('library', f) : '', label: label(task), actions: actions(task) };
            })}
          />
        ) : mode === 'wipe' && a && b && fa && fb ? (
          <div className="st-wipe">
            {shown.length > 2 && (
              <div className="st-pair">
                {[0, 1].map((side) => (
                  <select key={side} aria-label={side === 0 ? 'A' : 'B'} value={pair[side]} onChange={(e) => setPair((p) => (side === 0 ? [Number(e.target.value), p[1]] : [p[0], Number(e.target.value)]))}>
                    {shown.map((x, i) => (
                      <option key={x.id} value={i}>
                        {`${i + 1}. ${x.model}`}
                      </option>
                    ))}
                  </select>
                ))}
              </div>
            )}
            <WipeCompare beforeSrc={mediaUrl('library', fa)} afterSrc={mediaUrl('library', fb)} beforeLabel={a.model} afterLabel={b.model} testId="compare-wipe" />
          </div>
        ) : (
          <div className={`st-compare-grid n${shown.length}`} data-testid="compare-grid">
            {shown.map((task) => {
              const f = fileOf(task);
              return (
                <figure key={task.id} className="st-compare-cell" data-task-id={task.id}>
                  {f ? <img src={mediaUrl('library', f)} alt={task.prompt} /> : <div className="st-hint">{t('studio.compare.noFile')}</div>}
                  <figcaption>{label(task)}</figcaption>
                  <div className="st-cell-actions">{actions(task)}</div>
                </figure>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
