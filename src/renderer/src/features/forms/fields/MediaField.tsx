import { Info, Loader2, Trash2, UploadCloud } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaValueSchema, type MediaValue } from '../../../../../shared/operations/media';
import type { FieldOf, FieldProps } from '../field-props';
import { usePasteTarget } from '../form-context';
import { DropZone } from '../media/DropZone';
import { MediaSources } from '../media/MediaSources';
import { MediaThumb, isWebLink } from '../media/MediaThumb';
import { DEFAULT_MAX_BYTES, formatBytes, mediaName } from '../media/media-info';
import { useStageFiles } from '../media/use-stage-files';
import { AudioPreview } from './AudioPreview';
import { linkNoteField } from './link-note';
import './media-notes.css';
import { Tip } from '../../../ui/primitives';

/** One media input: drop, paste, browse, link or gallery; then a preview with replace and remove. */
export function MediaField({
  op,
  field,
  value,
  values,
  onChange,
  inputId,
  describedBy,
}: FieldProps<FieldOf<'media'>>) {
  const { t } = useTranslation();
  const maxBytes = field.maxBytes ?? DEFAULT_MAX_BYTES[field.accept];
  const { stage, busy, error, setError } = useStageFiles(field.accept, maxBytes);
  const parsed = mediaValueSchema.safeParse(value);
  const current: MediaValue | null = parsed.success ? parsed.data : null;
  const addFiles = async (files: File[]) => {
    const [first] = await stage(files.slice(0, 1));
    if (first) onChange(first);
  };
  const addRef = useRef(addFiles);
  addRef.current = addFiles;
  const target = useMemo(
    () => ({ accept: field.accept, hasRoom: () => true, add: (files: File[]) => void addRef.current(files) }),
    [field.accept],
  );
  const activate = usePasteTarget(field.name, target);
  const pick = (v: MediaValue) => {
    setError(null);
    onChange(v);
  };
  const sourceLabel = current ? t(`forms.media.source.${current.kind}`) : '';
  return (
    <div
      className="fm-media"
      id={inputId}
      aria-describedby={describedBy}
      onFocusCapture={activate}
      onPointerDown={activate}
      data-testid={`media-${field.name}`}
    >
      <DropZone
        onFiles={(f) => void addFiles(f)}
        onResult={field.accept === 'audio' ? undefined : pick}
        accept={field.accept}
        className={current ? 'fm-drop-filled' : 'fm-drop-empty'}
        testId={`drop-${field.name}`}
      >
        {current ? (
          <div className="fm-media-filled">
            <MediaThumb value={current} accept={field.accept} className="fm-thumb-lg" />
            <div className="fm-media-meta">
              <Tip label={mediaName(current)}>
                <span className="fm-media-name">
                  {mediaName(current)}
                </span>
              </Tip>
              <span className="fm-media-sub">
                <span className="fm-badge">{sourceLabel}</span>
                {current.kind === 'file' && formatBytes(current.input.size)}
              </span>
              {isWebLink(current) && (
                <span className="fm-media-why" data-testid="link-preview-why">
                  {t('forms.media.noLinkPreview')}
                </span>
              )}
              <MediaSources
                accept={field.accept}
                sources={field.sources}
                onFiles={(f) => void addFiles(f)}
                onValue={pick}
                testId={`media-${field.name}`}
              />
            </div>
            <Tip label={t('forms.media.remove')}>
              <button
                type="button"
                className="icon-btn fm-remove"
                aria-label={t('forms.media.remove')}
                onClick={() => onChange(null)}
              >
                <Trash2 size={16} />
              </button>
            </Tip>
          </div>
        ) : (
          <div className="fm-drop-inner">
            {busy ? <Loader2 size={22} className="fm-spin" /> : <UploadCloud size={22} />}
            <span className="fm-drop-title">
              {t(busy ? 'forms.media.staging' : `forms.media.dropHere.${field.accept}`)}
            </span>
            <span className="fm-drop-hint">{t('forms.media.dropHint')}</span>
            <MediaSources
              accept={field.accept}
              sources={field.sources}
              onFiles={(f) => void addFiles(f)}
              onValue={pick}
              testId={`media-${field.name}`}
            />
          </div>
        )}
      </DropZone>
      {field.accept === 'audio' && current?.kind === 'file' && (
        <AudioPreview
          key={current.input.id}
          value={current}
          onDuration={(durationSec) => {
            if (current.durationSec !== durationSec) onChange({ ...current, durationSec });
          }}
        />
      )}
      {linkNoteField(op, values) === field.name && (
        <p className="fm-note" data-testid="link-note">
          <Info size={13} /> {t('forms.media.urlFieldNote')}
        </p>
      )}
      {error && (
        <p className="fm-issue" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
