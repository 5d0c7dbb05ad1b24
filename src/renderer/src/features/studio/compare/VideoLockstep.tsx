import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FRAME = 1 / 30;

/**
 * Several videos played in lock-step: play, pause, seek and frame step on any of them (or on the shared
 * controls) move all of them. Programmatic moves are marked so they do not echo back as user seeks.
 */
export function VideoLockstep({ items }: { items: { key: string; src: string; label: ReactNode; actions: ReactNode }[] }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLVideoElement | null)[]>([]);
  const echo = useRef(new WeakSet<HTMLVideoElement>());
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const videos = () => refs.current.filter((v): v is HTMLVideoElement => v !== null);

  const seekAll = (to: number, except?: HTMLVideoElement) => {
    for (const v of videos()) {
      if (v === except || Math.abs(v.currentTime - to) < 0.001) continue;
      echo.current.add(v);
      v.currentTime = Math.min(to, Number.isFinite(v.duration) ? v.duration : to);
    }
    setTime(to);
  };
  const playAll = () => {
    for (const v of videos()) {
      echo.current.add(v);
      void v.play().catch(() => undefined);
    }
    setPlaying(true);
  };
  const pauseAll = (at?: number) => {
    for (const v of videos()) {
      echo.current.add(v);
      v.pause();
    }
    setPlaying(false);
    if (at !== undefined) seekAll(at);
  };

  useEffect(() => {
    const list = videos();
    const offs = list.map((v) => {
      const onSeeking = () => {
        if (echo.current.has(v)) return;
        seekAll(v.currentTime, v);
      };
      const onSeeked = () => echo.current.delete(v);
      const onPlay = () => {
        if (echo.current.has(v)) return echo.current.delete(v);
        playAll();
      };
      const onPause = () => {
        if (echo.current.has(v)) return echo.current.delete(v);
        pauseAll(v.currentTime);
      };
      const onTime = () => {
        if (v !== list[0]) return;
        setTime(v.currentTime);
        // Drift correction while playing: followers that slipped more than ~4 frames are pulled back in.
        for (const o of list) if (o !== v && !o.paused && Math.abs(o.currentTime - v.currentTime) > 0.15) seekAll(v.currentTime, v);
      };
      const onMeta = () => setDuration(Math.max(0, ...videos().map((x) => (Number.isFinite(x.duration) ? x.duration : 0))));
      v.addEventListener('seeking', onSeeking);
      v.addEventListener('seeked', onSeeked);
      v.addEventListener('play', onPlay);
      v.addEventListener('pause', onPause);
      v.addEventListener('timeupdate', onTime);
      v.addEventListener('loadedmetadata', onMeta);
      return () => {
        v.removeEventListener('seeking', onSeeking);
        v.removeEventListener('seeked', onSeeked);
        v.removeEventListener('play', onPlay);
        v.removeEventListener('pause', onPause);
        v.removeEventListener('timeupdate', onTime);
        v.removeEventListener('loadedmetadata', onMeta);
      };
    });
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebinds when the set of videos changes
  }, [items.map((i) => i.key).join('|')]);

  return (
    <div className="st-lockstep" data-testid="compare-videos">
      <div className={`st-compare-grid n${items.length}`}>
        {items.map((it, i) => (
          <figure key={it.key} className="st-compare-cell">
            <video
              ref={(el) => {
                refs.current[i] = el;
              }}
              src={it.src}
              muted
              playsInline
              controls
              preload="auto"
              data-testid="compare-video"
            />
            <figcaption>{it.label}</figcaption>
            <div className="st-cell-actions">{it.actions}</div>
          </figure>
        ))}
      </div>
      <div className="st-transport" role="group" aria-label={t('studio.compare.seek')}>
        <button type="button" className="btn btn-sm btn-ghost" aria-label={t('studio.compare.stepBack')} data-testid="compare-step-back" onClick={() => pauseAll(Math.max(0, time - FRAME))}>
          <SkipBack size={15} />
        </button>
        <button type="button" className="btn btn-sm" aria-label={playing ? t('studio.compare.pause') : t('studio.compare.play')} data-testid="compare-play" onClick={() => (playing ? pauseAll() : playAll())}>
          {playing ? <Pause size={15} /> : <Play size={15} />}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" aria-label={t('studio.compare.stepForward')} data-testid="compare-step-forward" onClick={() => pauseAll(Math.min(duration, time + FRAME))}>
          <SkipForward size={15} />
        </button>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.01}
          value={Math.min(time, duration || 0)}
          aria-label={t('studio.compare.seek')}
          data-testid="compare-seek"
          onChange={(e) => seekAll(Number(e.target.value))}
        />
        <span className="st-time">
          {time.toFixed(2)} / {duration.toFixed(2)} s
        </span>
      </div>
    </div>
  );
}
