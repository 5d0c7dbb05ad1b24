/**
 * Issue 31, first paint: a video tile without a thumbnail needs a player to show its first frame, and every
 * live `<video>` player still alive when the page goes away (a reload) is torn down on the main thread before
 * the next page can start (six on screen: about 60–150 ms of a warm reload). So a tile's player lives only
 * until its frame is shown: the frame is copied into a small picture, set as the same `<video>`'s poster,
 * and the player is released (its source removed). The element stays: nothing under the pointer is replaced.
 */

import type { TaskSummary } from '../../../../../shared/domain/task';
import { mediaUrl } from '../../../bridge/media';
import { hasFile } from '../model/actions';

/** The URL a video tile's player loads (the frame at 0.1 s), the key its frame is kept under. */
export const tileVideoUrl = (file: string): string => `${mediaUrl('library', file)}#t=0.1`;

/** Frames by the video's URL, as `data:` URLs (no object URL to revoke while a tile still shows it). */
const frames = new Map<string, string>();
/** The oldest frames are forgotten past this many (a tile whose frame is gone makes it again). */
export const MAX_FRAMES = 400;
/** The picture's longest side: a tile is at most ~260 CSS px wide, twice that on a dense screen. */
const MAX_SIDE = 512;

/** The frame kept earlier for this video, or null. */
export const keptFrame = (url: string): string | null => frames.get(url) ?? null;

/**
 * The frames the kept first screen painted (by task id), kept for the tiles' videos before React's first
 * render: a video tile shows the same picture at once, and needs no player to make it again.
 */
export function seedKeptFrames(tasks: readonly TaskSummary[], framesByTask: ReadonlyMap<string, string>): void {
  if (framesByTask.size === 0) return;
  for (const task of tasks) {
    const frame = framesByTask.get(task.id);
    const r = task.results[0];
    if (frame && r?.kind === 'video' && !r.thumbnail && hasFile(r)) remember(tileVideoUrl(r.file), frame);
  }
}

function remember(url: string, frame: string): void {
  frames.delete(url);
  frames.set(url, frame);
  for (const oldest of frames.keys()) {
    if (frames.size <= MAX_FRAMES) break;
    frames.delete(oldest);
  }
}

const asDataUrl = (blob: Blob): Promise<string | null> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });

/**
 * Copies the frame the video shows into a picture and keeps it for `url`. Null when it cannot (no frame yet,
 * a canvas the browser will not read back): the tile then keeps its player.
 */
export async function keepFrame(video: HTMLVideoElement, url: string): Promise<string | null> {
  const known = frames.get(url);
  if (known) return known;
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(w * scale));
  canvas.height = Math.max(1, Math.round(h * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  try {
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    const frame = blob ? await asDataUrl(blob) : null;
    if (frame) remember(url, frame);
    return frame;
  } catch {
    // A tainted canvas (a media origin the page may not read) throws: keep the player.
    return null;
  }
}

/**
 * Stops a `<video>`'s player now: removing its source (or the element) alone keeps the player until the
 * element is collected or the page unloads. The poster, if any, shows again.
 */
export function releasePlayer(video: HTMLVideoElement): void {
  if (!video.hasAttribute('src') && video.networkState === HTMLMediaElement.NETWORK_EMPTY) return;
  video.removeAttribute('src');
  video.load();
}
