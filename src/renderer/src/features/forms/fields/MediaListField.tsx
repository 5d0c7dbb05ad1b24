import { ChevronLeft, ChevronRight, Loader2, Plus, X } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaSource } from '../../../../../shared/operations/fields';
import type { MediaValue } from '../../../../../shared/operations/media';
import type { FieldOf, FieldProps } from '../field-props';
import { usePasteTarget } from '../form-context';
import { DropZone } from '../media/DropZone';
import { MediaSources } from '../media/MediaSources';
import { MediaThumb } from '../media/MediaThumb';
import { DEFAULT_MAX_BYTES, mediaName } from '../media/media-info';
import { useStageFiles } from '../media/use-stage-files';
import { focusLost, Tip } from '../../../ui/primitives';

const SOURCES: readonly MediaSource[] = ['file', 'url', 'result'];

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Several media inputs with thumbnails, in order: reorder by dragging or with the arrows, remove, add. */
export function MediaListField({
  field,
  value,
  onChange,
  getValue,
  inputId,
  describedBy,
}: FieldProps<FieldOf<'mediaList'>>) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as MediaValue[]) : [];
  const { stage, busy, error, setError } = useStageFiles(
    field.accept,
    field.maxBytes ?? DEFAULT_MAX_BYTES[field.accept],
  );
  const [refused, setRefused] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const latest = (): MediaValue[] => {
    const v = getValue();
    return Array.isArray(v) ? (v as MediaValue[]) : [];
  };
  /** Takes what fits; what does not is refused at the field with a clear message. */
  const admit = (count: number): number => {
    const room = field.max - latest().length;
    const taken = Math.max(0, Math.min(room, count));
    setRefused(
      count > taken
        ? t('forms.media.listFull', {
            max: field.max,
            count: count - taken,
            kind: t(`forms.mediaKinds.${field.accept}`),
          })
        : null,
    );
    return taken;
  };
  const addFiles = async (files: File[]) => {
    const staged = await stage(files);
    const taken = admit(staged.length);
    if (taken) onChange([...latest(), ...staged.slice(0, taken)]);
  };
  const addValue = (v: MediaValue) => {
    setError(null);
    if (admit(1)) onChange([...latest(), v]);
  };
  const addRef = useRef({ addFiles, latest });
  addRef.current = { addFiles, latest };
  const target = useMemo(
    () => ({
      accept: field.accept,
      hasRoom: () => addRef.current.latest().length < field.max,
      add: (files: File[]) => void addRef.current.addFiles(files),
    }),
    [field.accept, field.max],
  );
  const activate = usePasteTarget(field.name, target);
  const full = list.length >= field.max;
  // A removed image's Remove button goes with it: focus goes to the Remove of the image in its place (the
  // next, else the previous), else to the first way to add one.
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = refocus.current;
    refocus.current = null;
    if (at === null || !focusLost()) return;
    const removes = root.current?.querySelectorAll<HTMLElement>('.fm-tile-remove') ?? [];
    const next = removes[Math.min(at, removes.length - 1)];
    (next ?? root.current?.querySelector<HTMLElement>('.fm-sources button:not(:disabled)'))?.focus();
  }, [list.length]);
  return (
    <div
      ref={root}
      className="fm-media-list"
      id={inputId}
      aria-describedby={describedBy}
      onFocusCapture={activate}
      onPointerDown={activate}
      data-testid={`media-${field.name}`}
    >
      <DropZone
        onFiles={(f) => void addFiles(f)}
        onResult={addValue}
        accept={field.accept}
        testId={`drop-${field.name}`}
        className="fm-list-drop"
      >
        <ol className="fm-tiles">
          {list.map((item, i) => (
            <Tip key={`${i}:${item.kind === 'file' ? item.input.id : item.kind === 'url' ? item.url : `${item.taskId}/${item.index}`}`} label={mediaName(item)}>
              <li
                data-name={mediaName(item)}
                className={`fm-tile${dragFrom === i ? ' fm-tile-dragging' : ''}`}
                draggable
                data-testid="media-tile"
                onDragStart={(e) => {
                  setDragFrom(i);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/x-atelier-tile', String(i));
                }}
                onDragEnd={() => setDragFrom(null)}
                onDragOver={(e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                }}
                onDrop={(e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                  onChange(move(latest(), dragFrom, i));
                  setDragFrom(null);
                }}
              >
                <MediaThumb value={item} accept={field.accept} />
                <span className="fm-tile-index">{i + 1}</span>
                <span className="fm-tile-actions">
                  <Tip label={t('forms.media.moveLeft')}>
                    <button
                      type="button"
                      aria-label={t('forms.media.moveLeft')}
                      disabled={i === 0}
                      onClick={() => onChange(move(latest(), i, i - 1))}
                    >
                      <ChevronLeft size={14} />
                    </button>
                  </Tip>
                  <Tip label={t('forms.media.moveRight')}>
                    <button
                      type="button"
                      aria-label={t('forms.media.moveRight')}
                      disabled={i === list.length - 1}
                      onClick={() => onChange(move(latest(), i, i + 1))}
                    >
                      <ChevronRight size={14} />
                    </button>
                  </Tip>
                  <Tip label={t('forms.media.remove')}>
                    <button
                      type="button"
                      aria-label={t('forms.media.remove')}
                      className="fm-tile-remove"
                      data-testid="tile-remove"
                      onClick={() => {
                        setRefused(null);
                        refocus.current = i;
                        onChange(latest().filter((_, j) => j !== i));
                      }}
                    >
                      <X size={14} />
                    </button>
                  </Tip>
                </span>
              </li>
            </Tip>
          ))}
          {Array.from({ length: busy }, (_, i) => (
            <li key={`busy${i}`} className="fm-tile fm-tile-busy">
              <Loader2 size={18} className="fm-spin" />
            </li>
          ))}
          {!full && (
            <li className="fm-tile fm-tile-add" aria-hidden="true">
              <Plus size={20} />
              <span>{t('forms.media.dropShort')}</span>
            </li>
          )}
        </ol>
        <div className="fm-list-foot">
          <span className="fm-count" data-testid={`count-${field.name}`}>
            {t('forms.media.count', { count: list.length, max: field.max })}
          </span>
          <MediaSources
            accept={field.accept}
            sources={SOURCES}
            multiple
            onFiles={(f) => void addFiles(f)}
            onValue={addValue}
            testId={`media-${field.name}`}
            full={full ? t('forms.media.countFull', { max: field.max }) : null}
          />
        </div>
      </DropZone>
      {(refused || error) && (
        <p className="fm-issue" role="alert" data-testid={`refused-${field.name}`}>
          {[refused, error].filter(Boolean).join(' ')}
        </p>
      )}
    </div>
  );
}
