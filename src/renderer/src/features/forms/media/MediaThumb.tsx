import { FileAudio, Film, ImageOff, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { MediaKind, MediaValue } from '../../../../../shared/operations/media';
import { useTranslation } from 'react-i18next';
import { mediaKindOf, mediaPreviewUrl } from './media-info';
import { Tip } from '../../../ui/primitives';

/** A link to elsewhere on the web (not a data: URL, not a gallery result). */
export const isWebLink = (value: MediaValue): boolean => value.kind === 'url' && /^https?:/i.test(value.url);

/** A square preview of a media value: the image, the first frame of a video, or an icon. */
export function MediaThumb({ value, accept, className }: { value: MediaValue; accept: MediaKind; className?: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const kind = mediaKindOf(value, accept);
  const src = mediaPreviewUrl(value);
  const cls = `fm-thumb${className ? ` ${className}` : ''}`;
  // A web link is never loaded by the page (its CSP allows only the app's own media): say so, not a broken image.
  if (isWebLink(value))
    return (
      <Tip label={t('forms.media.noLinkPreview')}>
        <span className={`${cls} fm-thumb-icon`} data-testid="link-no-preview">
          <Link2 size={22} aria-hidden="true" />
        </span>
      </Tip>
    );
  if (!src || failed || kind === 'audio')
    return (
      <span className={`${cls} fm-thumb-icon`} aria-hidden="true">
        {kind === 'audio' ? <FileAudio size={22} /> : kind === 'video' ? <Film size={22} /> : value.kind === 'url' ? <Link2 size={22} /> : <ImageOff size={22} />}
      </span>
    );
  if (kind === 'video')
    return <video className={cls} src={src} muted preload="metadata" playsInline onError={() => setFailed(true)} aria-hidden="true" />;
  return <img className={cls} src={src} alt="" draggable={false} onError={() => setFailed(true)} />;
}
