/**
 * A 2-up comparison of two images: a wipe (drag the handle, or the image when not zoomed) or side by side,
 * with one zoom/pan shared by both, so the same pixel of each stays under the cursor. Reusable: it knows
 * nothing about tasks; give it two URLs.
 *
 * Keyboard: the handle is a slider (←/→ 5 %, Shift 1 %, Home/End); +/−/0 zoom when the comparison has focus.
 */
import { Columns2, Maximize, Minus, Plus, SplitSquareHorizontal } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleGroup } from '../primitives';
import { FIT_VIEW, clamp, panView, positionAt, viewTransform, zoomView, type WipeView } from './wipe-view';
import './wipe.css';

export type WipeMode = 'wipe' | 'side';

export interface WipeCompareProps {
  beforeSrc: string;
  afterSrc: string;
  beforeLabel?: string;
  afterLabel?: string;
  /** Starting mode (default wipe); the user can switch. */
  initialMode?: WipeMode;
  /** Starting wipe position, 0 (all after) … 1 (all before). */
  initialPosition?: number;
  className?: string;
  testId?: string;
}

type Drag = { kind: 'wipe' } | { kind: 'pan'; x: number; y: number };

export function WipeCompare(props: WipeCompareProps): React.JSX.Element {
  const { t } = useTranslation();
  const [mode, setMode] = useState<WipeMode>(props.initialMode ?? 'wipe');
  const [pos, setPos] = useState(clamp(props.initialPosition ?? 0.5, 0, 1));
  const [view, setView] = useState<WipeView>(FIT_VIEW);
  const root = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  useEffect(() => setView(FIT_VIEW), [props.beforeSrc, props.afterSrc]);

  const centreOffset = (el: Element, clientX: number, clientY: number) => {
    const r = el.getBoundingClientRect();
    return { cx: clientX - r.left - r.width / 2, cy: clientY - r.top - r.height / 2 };
  };
  const zoomBy = useCallback((factor: number) => setView((v) => zoomView(v, factor, 0, 0)), []);

  // Native non-passive wheel listener: React's is passive and cannot stop the page from scrolling.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      const pane = (e.target as Element | null)?.closest('.wipe-pane');
      if (!pane) return;
      e.preventDefault();
      const { cx, cy } = centreOffset(pane, e.clientX, e.clientY);
      setView((v) => zoomView(v, Math.exp(-e.deltaY * 0.0015), cx, cy));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const onHandle = (e.target as Element).closest('.wipe-handle') !== null;
    const kind = onHandle || (mode === 'wipe' && view.scale === 1) ? 'wipe' : view.scale > 1 ? 'pan' : null;
    if (!kind) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // synthetic events have no pointer to capture
    }
    drag.current = kind === 'wipe' ? { kind } : { kind, x: e.clientX, y: e.clientY };
    if (kind === 'wipe') {
      const r = e.currentTarget.getBoundingClientRect();
      setPos(positionAt(e.clientX, r.left, r.width));
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    if (d.kind === 'wipe') {
      const r = e.currentTarget.getBoundingClientRect();
      setPos(positionAt(e.clientX, r.left, r.width));
    } else {
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      d.x = e.clientX;
      d.y = e.clientY;
      setView((v) => panView(v, dx, dy));
    }
  };
  const endDrag = () => (drag.current = null);

  const onHandleKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.01 : 0.05;
    const next =
      e.key === 'ArrowLeft'
        ? pos - step
        : e.key === 'ArrowRight'
          ? pos + step
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? 1
              : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    setPos(clamp(next, 0, 1));
  };
  const onRootKey = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') zoomBy(1.5);
    else if (e.key === '-') zoomBy(1 / 1.5);
    else if (e.key === '0') setView(FIT_VIEW);
    else return;
    e.preventDefault();
  };

  const beforeLabel = props.beforeLabel ?? t('wipe.before');
  const afterLabel = props.afterLabel ?? t('wipe.after');
  const transform = viewTransform(view);
  const img = (src: string, which: 'before' | 'after') => (
    <img
      src={src}
      alt={which === 'before' ? beforeLabel : afterLabel}
      draggable={false}
      data-testid={`wipe-${which}`}
      style={{ transform }}
    />
  );
  const pct = `${(pos * 100).toFixed(2)}%`;

  return (
    <div
      ref={root}
      className={`wipe${view.scale > 1 ? ' zoomed' : ''}${props.className ? ` ${props.className}` : ''}`}
      data-mode={mode}
      data-testid={props.testId ?? 'wipe'}
      role="group"
      aria-label={t('wipe.label')}
      tabIndex={-1}
      onKeyDown={onRootKey}
      onDoubleClick={(e) => {
        const pane = (e.target as Element).closest('.wipe-pane');
        if (!pane || (e.target as Element).closest('.wipe-handle')) return;
        const { cx, cy } = centreOffset(pane, e.clientX, e.clientY);
        setView((v) => (v.scale > 1 ? FIT_VIEW : zoomView(v, 2.5, cx, cy)));
      }}
    >
      {mode === 'wipe' ? (
        <div
          className="wipe-pane wipe-stack"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="wipe-stage"
        >
          <div className="wipe-layer">{img(props.beforeSrc, 'before')}</div>
          <div className="wipe-layer wipe-after" style={{ clipPath: `inset(0 0 0 ${pct})` }}>
            {img(props.afterSrc, 'after')}
          </div>
          <div
            className="wipe-handle"
            style={{ left: pct }}
            role="slider"
            tabIndex={0}
            aria-label={t('wipe.handle')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(pos * 100)}
            onKeyDown={onHandleKey}
            data-testid="wipe-handle"
          >
            <span className="wipe-grip" aria-hidden="true" />
          </div>
          <span className="wipe-tag left">{beforeLabel}</span>
          <span className="wipe-tag right">{afterLabel}</span>
        </div>
      ) : (
        <div className="wipe-side">
          {(['before', 'after'] as const).map((which) => (
            <div
              key={which}
              className="wipe-pane"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            >
              <div className="wipe-layer">
                {img(which === 'before' ? props.beforeSrc : props.afterSrc, which)}
              </div>
              <span className="wipe-tag left">{which === 'before' ? beforeLabel : afterLabel}</span>
            </div>
          ))}
        </div>
      )}
      <div className="wipe-tools" onDoubleClick={(e) => e.stopPropagation()}>
        <ToggleGroup
          className="wipe-seg"
          itemClassName="icon-btn"
          label={t('wipe.label')}
          value={mode}
          onChange={(m) => setMode(m === 'side' ? 'side' : 'wipe')}
          choices={[
            {
              value: 'wipe',
              label: t('wipe.modeWipe'),
              testId: 'wipe-mode-wipe',
              content: <SplitSquareHorizontal size={15} />,
            },
            {
              value: 'side',
              label: t('wipe.modeSide'),
              testId: 'wipe-mode-side',
              content: <Columns2 size={15} />,
            },
          ]}
        />
        <span className="wipe-sep" />
        <button
          type="button"
          className="icon-btn"
          aria-label={t('wipe.zoomOut')}
          onClick={() => zoomBy(1 / 1.5)}
        >
          <Minus size={15} />
        </button>
        <span className="wipe-zoom-level" data-testid="wipe-zoom-level">
          {Math.round(view.scale * 100)}%
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('wipe.zoomIn')}
          onClick={() => zoomBy(1.5)}
          data-testid="wipe-zoom-in"
        >
          <Plus size={15} />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('wipe.fit')}
          onClick={() => setView(FIT_VIEW)}
        >
          <Maximize size={15} />
        </button>
      </div>
    </div>
  );
}
