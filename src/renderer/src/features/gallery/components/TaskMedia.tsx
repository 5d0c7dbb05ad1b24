import { ImageOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type DragEvent, type ReactNode, type SyntheticEvent } from 'react';
import type { TaskResult, TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { OPERATION_ICONS } from '../../../app/operation-icons';
import { hasFile } from '../model/actions';
import { isKnownOperation } from '../model/operation-kind';
import { setResultDrag } from '../../library';
import { thumbnailName } from '../../../../../shared/domain/thumbnail';
import { useNearViewport } from '../hooks/use-near-viewport';
import { useVideoSlot } from '../hooks/use-video-slot';
import { keepFrame, keptFrame, releasePlayer, tileVideoUrl } from '../hooks/video-frames';

/** A stable hue per operation, so placeholders of one kind look alike and different kinds differ. */
export function hueOf(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return Math.abs(h) % 360;
}

const fileName = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

/**
 * Web mode: dragging a result out gives the browser a download (Chromium's DownloadURL). Electron: main
 * starts a native file drag (`startDragResult` → `webContents.startDrag`), so the result lands in Finder,
 * Explorer or another app as the real file.
 */
function onDragStart(e: DragEvent, r: TaskResult & { file: string }): void {
  const url = new URL(mediaUrl('library', r.file, { download: true }), location.href).href;
  e.dataTransfer.setData('DownloadURL', `${r.mime ?? 'application/octet-stream'}:${fileName(r.file)}:${url}`);
  e.dataTransfer.setData('text/uri-list', url);
  e.dataTransfer.effectAllowed = 'copy';
}

/**
 * The picture of a task in a tile or a row: the cached thumbnail when core made one, else the image itself
 * (lazily decoded), a video's first frame (`preload=metadata`, `#t=0.1`), or a placeholder. A video's player
 * lives until its first frame is copied into the same `<video>`'s poster (video-frames.ts), and again while
 * the pointer is on a tile that plays on hover: one element throughout, never swapped under the pointer.
 */
export function TaskMedia({
  task,
  index = 0,
  hoverPlay = false,
  scrolling = false,
  fling = false,
}: {
  task: TaskSummary;
  index?: number;
  hoverPlay?: boolean;
  scrolling?: boolean;
  /** Mounted during a fling: no picture asked for (no thumbnail made, fetched, decoded) until it slows down. */
  fling?: boolean;
}) {
  const bridge = useBridge();
  const [broken, setBroken] = useState(false);
  // A <video> is a whole media player: during a fling, tiles that only fly past never create one. Once a
  // tile has been still long enough to start, it keeps its poster when the next scroll begins.
  const [settled, setSettled] = useState(!scrolling);
  if (!scrolling && !settled) setSettled(true);
  // Likewise a tile that only flies past in a fling never asks for its picture; once asked, it keeps it.
  const [asked, setAsked] = useState(!fling);
  if (!fling && !asked) setAsked(true);
  const r = task.results[index];
  // No player (nor its first frame's decode) until the tile is near the screen and the first screen painted.
  const [nearRef, near] = useNearViewport();
  // An image without a recorded thumbnail asks core for one (made on demand); the image itself if that fails.
  const [full, setFull] = useState(false);
  const deferred = r?.kind === 'video' && !r.thumbnail;
  const videoUrl = deferred && hasFile(r) ? tileVideoUrl(r.file) : null;
  // The frame kept from this video's player (by URL: the lightbox reuses a TaskMedia for other results).
  const [, frameKept] = useState(0);
  const frame = videoUrl ? keptFrame(videoUrl) : null;
  const [hovering, setHovering] = useState(false);
  // And never more than a few players at once, however many video tiles are near (use-video-slot).
  const player = useVideoSlot(videoUrl !== null && !broken && settled && near && !frame);
  const playing = hoverPlay && hovering;
  const live = player || playing;
  const video = useRef<HTMLVideoElement | null>(null);
  const videoRef = useCallback((v: HTMLVideoElement | null) => {
    video.current = v;
    if (!v) return;
    return () => {
      video.current = null;
      releasePlayer(v);
    };
  }, []);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (!live) releasePlayer(v);
    else if (playing) void v.play().catch(() => {});
    else if (!v.paused) {
      v.pause();
      v.currentTime = 0.1;
    }
  }, [live, playing]);
  // The placeholder is also the frame a video's player goes into (`player` below): a press that starts on it
  // while the player or the result arrives ends on the same element, so it still makes a click (Chromium fires
  // none when the element pressed is replaced before the release).
  const placeholder = (player?: ReactNode) => (
    <div
      ref={deferred ? nearRef : undefined}
      className={player ? 'gl-placeholder gl-video-frame' : 'gl-placeholder'}
      style={{ '--hue': hueOf(task.operationId) } as CSSProperties}
    >
      {broken ? (
        <ImageOff size={22} />
      ) : isKnownOperation(task.operationId) ? (
        OPERATION_ICONS[task.operationId]
      ) : null}
      {player}
    </div>
  );
  if (!hasFile(r) || broken || !asked) return placeholder();
  const common = {
    className: 'gl-media',
    draggable: true,
    onDragStart: (e: DragEvent) => {
      // In-app payload first: a drop on a form's media slot uses the result itself (and records lineage).
      setResultDrag(e, task, r.index);
      if (bridge.transport === 'web') return onDragStart(e, r);
      e.preventDefault();
      void bridge.call('startDragResult', { id: task.id, index: r.index }).catch(() => {});
    },
    onError: () => setBroken(true),
  };
  if (r.thumbnail)
    return <img {...common} src={mediaUrl('thumbs', r.thumbnail)} alt="" loading="lazy" decoding="async" />;
  if (r.kind === 'video' && videoUrl) {
    // Nothing to show yet (no frame, no player): the placeholder, which starts nothing on hover.
    if (!frame && !player) return placeholder();
    // The frame at 0.1 s (`#t=0.1`), once loaded and not seeking there any more: kept as the poster.
    const onFrame = (e: SyntheticEvent<HTMLVideoElement>): void => {
      const v = e.currentTarget;
      if (frame || v.seeking || v.readyState < 2) return;
      void keepFrame(v, videoUrl).then((f) => f && frameKept((n) => n + 1));
    };
    return placeholder(
      <video
        {...common}
        ref={videoRef}
        src={live ? videoUrl : undefined}
        poster={frame ?? undefined}
        data-frame={frame ? '' : undefined}
        preload="metadata"
        muted
        playsInline
        loop={hoverPlay}
        onLoadedData={onFrame}
        onSeeked={onFrame}
        onMouseEnter={hoverPlay ? () => setHovering(true) : undefined}
        onMouseLeave={hoverPlay ? () => setHovering(false) : undefined}
      />,
    );
  }
  const src = full ? mediaUrl('library', r.file) : mediaUrl('thumbs', thumbnailName(task.id, r.index));
  const onError = full ? common.onError : () => setFull(true);
  return <img {...common} onError={onError} src={src} alt="" loading="lazy" decoding="async" />;
}
