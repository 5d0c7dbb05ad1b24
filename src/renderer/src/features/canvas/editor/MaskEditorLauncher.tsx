import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaValue } from '../../../../../shared/operations/media';
import { mediaUrl } from '../../../bridge/media';
import { decodeMaskImage, type MaskChange } from '../../mask-painter';
import { CanvasEditor } from './CanvasEditor';

export interface MaskEditorLauncherProps {
  sourceUrl: string;
  size: { width: number; height: number };
  /** The mask saved with the draft, if any: the editor opens with it. */
  mask: MediaValue | null;
  title?: string;
  onApply: (change: MaskChange) => void | Promise<void>;
  onClose: () => void;
}

/** Loads the saved mask (if any), then shows the full-screen editor; closes after Apply or Cancel. */
export function MaskEditorLauncher(p: MaskEditorLauncherProps) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState<{ bytes?: Uint8Array } | null>(p.mask?.kind === 'file' ? null : {});
  const maskId = p.mask?.kind === 'file' ? p.mask.input.id : null;
  const { width, height } = p.size;
  useEffect(() => {
    if (!maskId) return;
    let live = true;
    fetch(mediaUrl('inputs', maskId))
      .then((r) => r.blob())
      .then((b) => decodeMaskImage(b, width, height))
      .then(
        (bytes) => live && setInitial({ bytes }),
        () => live && setInitial({}),
      );
    return () => {
      live = false;
    };
  }, [maskId, width, height]);
  if (!initial) return <div className="cv-loading" role="status" aria-label={t('canvas.editor.title')} />;
  return (
    <CanvasEditor
      sourceUrl={p.sourceUrl}
      width={width}
      height={height}
      initialMask={initial.bytes}
      title={p.title}
      onApply={async (c) => {
        await p.onApply(c);
        p.onClose();
      }}
      onCancel={p.onClose}
    />
  );
}
