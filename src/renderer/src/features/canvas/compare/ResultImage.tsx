import { Brush, SplitSquareHorizontal } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetail, TaskSummary } from '../../../../../shared/domain/task';
import { WipeCompare } from '../../../ui/wipe';
import { mediaPreviewUrl } from '../../forms';
import { ZoomImage } from '../../gallery';
import { editWithMask } from '../launch/edit-with-mask';
import { useCompareStore } from './compare-store';
import { editSourceOf } from './edit-source';
import { useSeamSource } from './use-seam-source';
import '../canvas.css';
import { Tip } from '../../../ui/primitives';

/**
 * The lightbox's image: the zoomable result, and for an edit (image edit, expansion) a "Before / after"
 * toggle (or C) that shows the source and the result in a wipe with one shared zoom. Every image result
 * also offers "Edit with mask" (the image edit form with this image, in the full-screen editor).
 */
export function ResultImage({
  task,
  index,
  detail,
  src,
}: {
  task: TaskSummary;
  index: number;
  detail: TaskDetail | undefined;
  src: string;
}) {
  const { t } = useTranslation();
  const source = editSourceOf(detail);
  const rawSourceUrl = source ? mediaPreviewUrl(source) : null;
  const on = useCompareStore((s) => s.on);
  const toggle = useCompareStore((s) => s.toggle);
  // An expansion's source is shown placed inside the result's frame, so the wipe lines up at the seam.
  const sourceUrl =
    useSeamSource(task.operationId === 'vendor.expand' && on ? rawSourceUrl : null, src) ?? rawSourceUrl;

  useEffect(() => {
    if (!rawSourceUrl) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      if (e.key.toLowerCase() !== 'c' || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rawSourceUrl, toggle]);

  const actions = (
    <div className="cv-stage-actions">
      {rawSourceUrl && (
        <Tip label={`${t('canvas.compare.toggle')} (C)`}>
          <button
            type="button"
            className={`cv-compare-toggle${on ? ' on' : ''}`}
            aria-pressed={on}
            onClick={toggle}
            data-testid="lightbox-compare"
          >
            <SplitSquareHorizontal size={15} /> {t('canvas.compare.toggle')}
          </button>
        </Tip>
      )}
      <button
        type="button"
        className="cv-compare-toggle"
        onClick={() => editWithMask(task, index)}
        data-testid="lightbox-edit-mask"
      >
        <Brush size={15} /> {t('canvas.compare.editWithMask')}
      </button>
    </div>
  );
  if (!sourceUrl || !on)
    return (
      <>
        <ZoomImage src={src} alt={task.prompt} />
        {actions}
      </>
    );
  return (
    <>
      <div className="cv-compare">
        <WipeCompare
          beforeSrc={sourceUrl}
          afterSrc={src}
          beforeLabel={t('canvas.compare.source')}
          afterLabel={t('canvas.compare.result')}
          testId="lightbox-wipe"
        />
      </div>
      {actions}
    </>
  );
}
