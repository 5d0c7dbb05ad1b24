/**
 * Issue 31, first paint and scroll: a video tile without a thumbnail needs a `<video>` to show its first frame,
 * and every live `<video>` is a whole media player. Players still alive when the page goes away (a reload)
 * are torn down on the main thread before the next page can start: with six of them on screen that was about
 * 150 ms of a warm reload (measured: bridge socket at 182–290 ms with the players, 64–92 ms without). So a
 * tile's player lives only until its frame is shown: the frame is copied into a small picture (kept here per
 * file, for the tiles that scroll back), and the player is released (its source removed, so the media
 * pipeline stops now rather than at unload).
 */

/** Captured frames, by the video's URL: an object URL of a small JPEG. */
const frames = new Map<string, string>();
/** Oldest frames are dropped (and their object URLs revoked) past this many. */
export const MAX_FRAMES = 400;
/** The picture's longest side: a tile is at most ~220 CSS px wide, twice that for a dense screen. */
const MAX_SIDE = 480;

/** The frame captured earlier for this video, or null. */
export const cachedFrame = (url: string): string | null => frames.get(url) ?? null;

/** Drops a frame (one that would not show): the tile's player comes back and copies it again. */
export function forgetFrame(url: string): void {
  const frame = frames.get(url);
  if (frame === undefined) return;
  frames.delete(url);
  URL.revokeObjectURL(frame);
}

function remember(url: string, frame: string): void {
  frames.set(url, frame);
  while (frames.size > MAX_FRAMES) {
    const [oldest, old] = frames.entries().next().value ?? [];
    if (oldest === undefined || old === undefined) break;
    frames.delete(oldest);
    URL.revokeObjectURL(old);
  }
}

/**
 * Copies the frame the video shows into a picture and remembers it for `url`. Null when it cannot (no frame
 * yet, a canvas the browser will not read back, no blob): the tile then keeps its player.
 */
export async function captureFrame(video: HTMLVideoElement, url: string): Promise<string | null> {
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
    if (!blob) return null;
    const frame = URL.createObjectURL(blob);
    remember(url, frame);
    return frame;
  } catch {
    // A tainted canvas (a media origin the page may not read) throws: keep the player.
    return null;
  }
}

/**
 * A ref callback for a `<video>` whose player must stop when the element leaves: removing the element alone
 * keeps the player until the element is collected (or the page unloads).
 */
export function releaseOnUnmount(video: HTMLVideoElement | null): (() => void) | undefined {
  if (!video) return undefined;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}
