import { Crop } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaValueSchema, type MediaValue } from '../../../../../shared/operations/media';
import { useBridge } from '../../../bridge/bridge-context';
import { stageFile } from '../../../bridge/media';
import { useImageSize } from '../../forms';
import { mediaKindOf, mediaName, mediaPreviewUrl, refusalText } from '../../forms';
import { fitsRatio, targetRatio, type PixelRect } from './crop-rect';

/** The crop dialog is its own chunk, loaded when first opened. */
const CropDialog = lazy(() => import('./CropDialog').then((m) => ({ default: m.CropDialog })));

/** Crops an image URL to whole source pixels and encodes it as PNG (lossless: what was framed is what is sent). */
async function cropToPng(url: string, r: PixelRect): Promise<Blob> {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  try {
    const canvas = new OffscreenCanvas(r.w, r.h);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.drawImage(bitmap, r.x, r.y, r.w, r.h, 0, 0, r.w, r.h);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bitmap.close();
  }
}

/**
 * Under an image input whose form asks for a ratio or size (first/last frames, references, the edit
 * size): "Crop to 16:9" when the image is of another shape. The crop is staged as a NEW input through
 * core's input store and replaces the value, so the thumbnail shows exactly what will be sent.
 */
export function CropOffer({
  value,
  values,
  onChange,
  testId,
}: {
  value: unknown;
  values: Record<string, unknown>;
  onChange: (v: MediaValue) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [open, setOpen] = useState(false);
  const parsed = mediaValueSchema.safeParse(value);
  const media = parsed.success && mediaKindOf(parsed.data, 'image') === 'image' ? parsed.data : null;
  const url = media ? mediaPreviewUrl(media) : null;
  const size = useImageSize(url);
  const target = targetRatio(values);
  if (!media || !url || !size || !target || fitsRatio(size.width, size.height, target.ratio)) return null;
  const onApply = async (r: PixelRect) => {
    const base = mediaName(media).replace(/\.[a-z0-9]+$/i, '');
    const name = `${base}-${r.w}x${r.h}.png`;
    try {
      const blob = await cropToPng(url, r);
      const input = await stageFile(bridge, new File([blob], name, { type: 'image/png' }));
      onChange({ kind: 'file', input });
    } catch (e) {
      // The dialog shows this message: in the user's language, never core's or the browser's English.
      const why = refusalText(t, name, e);
      throw new Error(why ? t('canvas.crop.failedWhy', { why }) : t('canvas.crop.failed'));
    }
  };
  return (
    <>
      <button
        type="button"
        className="cv-crop-offer"
        onClick={() => setOpen(true)}
        data-testid={`crop-${testId}`}
      >
        <Crop size={14} /> {t('canvas.crop.offer', { ratio: target.label, w: size.width, h: size.height })}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CropDialog
            url={url}
            width={size.width}
            height={size.height}
            ratio={target.ratio}
            ratioLabel={target.label}
            onApply={onApply}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
