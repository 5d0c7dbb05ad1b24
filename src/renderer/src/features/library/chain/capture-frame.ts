/** Seeks a video and resolves when the frame at `time` is decoded. */
export function seekTo(video: HTMLVideoElement, time: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const clamped = Math.max(0, Math.min(time, Number.isFinite(video.duration) ? video.duration : time));
    if (Math.abs(video.currentTime - clamped) < 1e-3 && video.readyState >= 2) return resolve();
    const done = () => {
      video.removeEventListener('seeked', done);
      video.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      video.removeEventListener('seeked', done);
      video.removeEventListener('error', fail);
      reject(new Error('the video could not seek'));
    };
    video.addEventListener('seeked', done);
    video.addEventListener('error', fail);
    video.currentTime = clamped;
  });
}

/**
 * The frame the video shows now, at its native resolution (videoWidth × videoHeight, not the element's
 * size on screen), as a PNG file.
 */
export async function captureFrame(video: HTMLVideoElement, name: string): Promise<File> {
  if (video.readyState < 2 || !video.videoWidth) throw new Error('not ready');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  if (!blob) throw new Error('PNG encoding failed');
  return new File([blob], name, { type: 'image/png' });
}

/** The last decodable frame: a little before the end (seeking to `duration` itself shows nothing in some decoders). */
export const lastFrameTime = (video: HTMLVideoElement): number =>
  Math.max(0, (Number.isFinite(video.duration) ? video.duration : 0) - 0.05);

export const formatTime = (seconds: number): string => {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(2).padStart(5, '0')}`;
};
