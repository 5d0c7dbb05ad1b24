import type { MediaValue } from '../../../../../shared/operations/media';
import { mediaPreviewUrl } from '../media/media-info';
import './audio-preview.css';

/**
 * A player for a local audio file, so the user can hear what is sent. Its length, once the browser has
 * read it, is handed back (rounded to 0.1 s) for the field's duration limit.
 */
export function AudioPreview({
  value,
  onDuration,
}: {
  value: MediaValue;
  onDuration(seconds: number): void;
}) {
  const src = value.kind === 'file' ? mediaPreviewUrl(value) : null;
  if (!src) return null;
  return (
    <audio
      className="fm-audio"
      controls
      preload="metadata"
      src={src}
      data-testid="audio-player"
      onLoadedMetadata={(e) => {
        const d = e.currentTarget.duration;
        if (Number.isFinite(d)) onDuration(Math.round(d * 10) / 10);
      }}
    />
  );
}
