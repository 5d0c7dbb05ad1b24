import { SplitSquareHorizontal } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetail, TaskSummary } from '../../../../../shared/domain/task';
import { WipeCompare } from '../../../ui/wipe';
import { mediaPreviewUrl } from '../../forms/media/media-info';
import { ZoomImage } from '../../gallery/components/ZoomImage';
import { useCompareStore } from './compare-store';
import { editSourceOf } from './edit-source';
import '../canvas.css';

/**
 * The lightbox's image: the zoomable result, and for an edit (image edit, expansion) a "Before / after"
 * toggle (or C) that shows the source and the result in a wipe with one shared zoom.
 */
export function ResultImage({
  task,
  detail,
  src,
}: {
  task: TaskSummary;
  detail: TaskDetail | undefined;
  src: string;
}) {
  const { t } = useTranslation();
  const source = editSourceOf(detail);
  const sourceUrl = source ? mediaPreviewUrl(source) : null;
  const on = useCompareStore((s) => s.on);
  const toggle = useCompareStore((s) => s.toggle);

  useEffect(() => {
    if (!sourceUrl) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      if (e.key.toLowerCase() !== 'c' || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sourceUrl, toggle]);

  const button = sourceUrl && (
    <button
      type="button"
      className={`cv-compare-toggle${on ? ' on' : ''}`}
      aria-pressed={on}
      onClick={toggle}
      title={`${t('canvas.compare.toggle')} (C)`}
      data-testid="lightbox-compare"
    >
      <SplitSquareHorizontal size={15} /> {t('canvas.compare.toggle')}
    </button>
  );
  if (!sourceUrl || !on)
    return (
      <>
        <ZoomImage src={src} alt={task.prompt} />
        {button}
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
      {button}
    </>
  );
}
