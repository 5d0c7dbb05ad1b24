import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Shown beside the track (e.g. "48 px"). */
  display: string;
  onChange: (v: number) => void;
  testId?: string;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A compact slider in the app's own look (no native range input): drag, click, arrows, Home/End. */
export function Slider({ label, value, min, max, step = 1, display, onChange, testId }: SliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const frac = max > min ? (clamp(value, min, max) - min) / (max - min) : 0;
  const snap = (v: number) => clamp(Math.round((v - min) / step) * step + min, min, max);
  const fromPointer = (clientX: number) => {
    const r = track.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    onChange(snap(min + ((clientX - r.left) / r.width) * (max - min)));
  };
  const onKey = (e: KeyboardEvent) => {
    const big = (max - min) / 10;
    const next =
      e.key === 'ArrowLeft' || e.key === 'ArrowDown'
        ? value - step
        : e.key === 'ArrowRight' || e.key === 'ArrowUp'
          ? value + step
          : e.key === 'PageDown'
            ? value - big
            : e.key === 'PageUp'
              ? value + big
              : e.key === 'Home'
                ? min
                : e.key === 'End'
                  ? max
                  : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(snap(next));
  };
  return (
    <div className="cv-slider">
      <span className="cv-slider-label">{label}</span>
      <div
        ref={track}
        className="cv-slider-track"
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={display}
        data-testid={testId}
        onKeyDown={onKey}
        onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
          if (e.button !== 0) return;
          dragging.current = true;
          try {
            e.currentTarget.setPointerCapture(e.pointerId);
          } catch {
            // synthetic events
          }
          fromPointer(e.clientX);
        }}
        onPointerMove={(e) => dragging.current && fromPointer(e.clientX)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
      >
        <span className="cv-slider-fill" style={{ width: `${frac * 100}%` }} />
        <span className="cv-slider-thumb" style={{ left: `${frac * 100}%` }} />
      </div>
      <span className="cv-slider-value">{display}</span>
    </div>
  );
}
