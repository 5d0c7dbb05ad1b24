import { Check, X } from 'lucide-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalTitle } from '../../../ui/primitives';
import { Slider } from '../editor/Slider';
import { CENTRED_FRAME, MIN_CROP_SCALE, cropRect, moveFrame, type PixelRect } from './crop-rect';
import './crop.css';

export interface CropDialogProps {
  url: string;
  width: number;
  height: number;
  ratio: number;
  ratioLabel: string;
  onApply: (rect: PixelRect) => Promise<void>;
  onClose: () => void;
}

/** Crop to a ratio with a live frame over the image: drag it, scale it; the size in pixels is shown. */
export function CropDialog(p: CropDialogProps) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState(CENTRED_FRAME);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const img = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const rect = cropRect(p.width, p.height, p.ratio, frame);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // synthetic events
    }
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const box = img.current?.getBoundingClientRect();
    if (!d || !box || box.width === 0) return;
    setFrame((f) =>
      moveFrame(p.width, p.height, p.ratio, f, (e.clientX - d.x) / box.width, (e.clientY - d.y) / box.height),
    );
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
  const apply = async () => {
    setBusy(true);
    try {
      await p.onApply(rect);
      p.onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      onClose={p.onClose}
      backdropClassName="cv-crop-backdrop"
      className="cv-crop"
      testId="crop-dialog"
      closeOnOutside={false}
    >
      <header className="cv-crop-head">
        <ModalTitle asChild>
          <strong>{t('canvas.crop.title', { ratio: p.ratioLabel })}</strong>
        </ModalTitle>
        <span className="cv-dim" data-testid="crop-size">
          {t('canvas.crop.size', { w: rect.w, h: rect.h, sw: p.width, sh: p.height })}
        </span>
      </header>
      <div className="cv-crop-stage">
        <div
          ref={img}
          className="cv-crop-image"
          style={{ aspectRatio: `${p.width} / ${p.height}`, ['--ar' as string]: p.width / p.height }}
        >
          <img src={p.url} alt="" draggable={false} />
          <div
            className="cv-crop-frame"
            style={{
              left: pct(rect.x / p.width),
              top: pct(rect.y / p.height),
              width: pct(rect.w / p.width),
              height: pct(rect.h / p.height),
            }}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            data-testid="crop-frame"
          >
            <span className="cv-crop-thirds" />
          </div>
        </div>
      </div>
      <footer className="cv-crop-foot">
        <Slider
          label={t('canvas.crop.scale')}
          value={Math.round(frame.scale * 100)}
          min={MIN_CROP_SCALE * 100}
          max={100}
          display={`${Math.round(frame.scale * 100)}%`}
          onChange={(v) => setFrame((f) => ({ ...f, scale: v / 100 }))}
          testId="crop-scale"
        />
        {error && (
          <span className="cv-error" role="alert">
            {error}
          </span>
        )}
        <span className="cv-spacer" />
        <button type="button" className="btn" onClick={p.onClose}>
          <X size={15} /> {t('canvas.editor.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void apply()}
          data-testid="crop-apply"
        >
          <Check size={15} /> {t('canvas.crop.apply')}
        </button>
      </footer>
    </Modal>
  );
}
