import { Brush, Check, Loader2, Maximize2, Trash2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaValueSchema, type MediaValue } from '../../../../../shared/operations/media';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl, stageFile } from '../../../bridge/media';
import { focusFirstIn, focusLost } from '../../../ui/primitives';
import { MaskEditorLauncher } from '../../canvas';
import { useEditorLaunch } from '../../canvas';
import { MaskPainter, decodeMaskImage, type MaskChange } from '../../mask-painter';
import type { FieldOf, FieldProps } from '../field-props';
import { MediaThumb } from '../media/MediaThumb';
import { mediaPreviewUrl } from '../media/media-info';
import { refusalText } from '../media/refused-file';
import { useImageSize } from './use-image-size';
import { useMaskLabels } from './use-mask-labels';

const asMedia = (v: unknown): MediaValue | null => {
  const p = mediaValueSchema.safeParse(v);
  return p.success ? p.data : null;
};

/**
 * The mask of a masked edit, painted over the single input image with the mask painter. Each finished
 * change is exported as PNG and staged like any input, so the draft keeps it (as an id) across restarts.
 */
export function MaskField({ value, values, onChange, inputId, describedBy }: FieldProps<FieldOf<'mask'>>) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const labels = useMaskLabels();
  const images = Array.isArray(values.images) ? (values.images as MediaValue[]) : [];
  const source = images.length === 1 && images[0] ? images[0] : null;
  const sourceUrl = source ? mediaPreviewUrl(source) : null;
  const size = useImageSize(sourceUrl);
  const mask = asMedia(value);
  /** closed → (loading the saved mask) → ready: the painter mounts once, with the saved mask if any. */
  const [phase, setPhase] = useState<'closed' | 'loading' | 'ready'>('closed');
  const [initial, setInitial] = useState<Uint8Array | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const open = phase !== 'closed';
  const paintButton = useRef<HTMLButtonElement>(null);
  const openBox = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  // The button that opens the painter goes when it opens, and its Done button when it closes: focus goes
  // into the painter and back. Its box holds the focus while the saved mask loads and for the painter's first
  // frame (it settles its tool and its tool group's Tab stop), then its first control takes it.
  useLayoutEffect(() => {
    const box = openBox.current;
    const closing = !open && wasOpen.current;
    wasOpen.current = open;
    if (closing && focusLost()) paintButton.current?.focus({ preventScroll: true });
    if (!open || !box || !(focusLost() || document.activeElement === box)) return;
    box.focus({ preventScroll: true });
    if (phase !== 'ready') return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === box && !focusFirstIn(box.querySelector<HTMLElement>('.mp-root'))) focusFirstIn(box);
    });
    return () => cancelAnimationFrame(frame);
  }, [open, phase]);

  useEffect(() => {
    if (phase !== 'loading' || !size) return;
    if (!mask || mask.kind !== 'file') return setPhase('ready');
    let live = true;
    fetch(mediaUrl('inputs', mask.input.id))
      .then((r) => r.blob())
      .then((b) => decodeMaskImage(b, size.width, size.height))
      .then((bytes) => live && setInitial(bytes))
      .catch(() => live && setError(t('forms.mask.loadFailed')))
      .finally(() => live && setPhase('ready'));
    return () => {
      live = false;
    };
  }, [phase, size, mask, t]);

  // "Edit with mask" from the gallery: open the full-screen editor once the image's size is known.
  const launch = useEditorLaunch((s) => s.pending);
  useEffect(() => {
    if (!launch || !size) return;
    useEditorLaunch.getState().set(false);
    setFullScreen(true);
  }, [launch, size]);

  const onMaskChange = async (change: MaskChange) => {
    const mine = ++seq.current;
    if (!change.hasEdit) return onChange(null);
    setSaving(true);
    try {
      const input = await stageFile(bridge, new File([change.png], 'mask.png', { type: 'image/png' }));
      if (mine === seq.current) onChange({ kind: 'file', input });
    } catch (e) {
      // Said in the user's language: a refusal by its code, anything else plainly (never core's English).
      const why = refusalText(t, 'mask.png', e);
      setError(why ? t('forms.mask.saveFailedWhy', { why }) : t('forms.mask.saveFailed'));
    } finally {
      if (mine === seq.current) setSaving(false);
    }
  };

  if (!source)
    return (
      <div className="fm-mask fm-mask-off" id={inputId} aria-describedby={describedBy}>
        <Brush size={16} />
        <span>{t(images.length > 1 ? 'forms.mask.singleOnly' : 'forms.mask.addImageFirst')}</span>
        {mask && (
          <button type="button" className="btn btn-sm" onClick={() => onChange(null)}>
            <Trash2 size={14} /> {t('forms.mask.remove')}
          </button>
        )}
      </div>
    );

  return (
    <div className="fm-mask" id={inputId} aria-describedby={describedBy} data-testid="mask-field">
      {!open ? (
        <div className="fm-mask-closed">
          <span className="fm-mask-preview">
            <MediaThumb value={source} accept="image" />
            {mask && <MediaThumb value={mask} accept="image" className="fm-mask-layer" />}
          </span>
          <span className="fm-mask-state">{mask ? t('forms.mask.painted') : t('forms.mask.none')}</span>
          <button
            ref={paintButton}
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setInitial(undefined);
              setPhase('loading');
            }}
            data-testid="paint-mask"
          >
            <Brush size={14} /> {mask ? t('forms.mask.edit') : t('forms.mask.paint')}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setFullScreen(true)}
            disabled={!size}
            data-testid="open-canvas-editor"
          >
            <Maximize2 size={14} /> {t('canvas.editor.open')}
          </button>
          {mask && (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => onChange(null)}>
              <Trash2 size={14} /> {t('forms.mask.remove')}
            </button>
          )}
        </div>
      ) : (
        <div ref={openBox} className="fm-mask-open" tabIndex={-1}>
          {!size || phase !== 'ready' || !sourceUrl ? (
            <div className="fm-mask-loading">
              <Loader2 size={18} className="fm-spin" />
            </div>
          ) : (
            <MaskPainter
              sourceUrl={sourceUrl}
              width={size.width}
              height={size.height}
              initialMask={initial}
              labels={labels}
              onMaskChange={(c) => void onMaskChange(c)}
              className="fm-painter"
            />
          )}
          <div className="fm-mask-actions">
            <span className="muted">
              {saving ? t('forms.mask.saving') : mask ? t('forms.mask.saved') : t('forms.mask.hint')}
            </span>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setPhase('closed')}
              data-testid="mask-done"
            >
              <Check size={14} /> {t('forms.mask.done')}
            </button>
          </div>
        </div>
      )}
      {fullScreen && size && sourceUrl && (
        <MaskEditorLauncher
          sourceUrl={sourceUrl}
          size={size}
          mask={mask}
          title={source.kind === 'file' ? source.input.name : undefined}
          onApply={onMaskChange}
          onClose={() => setFullScreen(false)}
        />
      )}
      {error && <p className="fm-issue">{error}</p>}
    </div>
  );
}
