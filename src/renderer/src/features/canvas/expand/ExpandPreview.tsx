import { Info } from 'lucide-react';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPANSION_SIDES, expansionRatios } from '../../../../../shared/operations/catalog/vendor';
import type { Values } from '../../../../../shared/operations/fields';
import type { MediaValue } from '../../../../../shared/operations/media';
import { mediaPreviewUrl, setDraftField } from '../../forms';
import { useImageSize } from '../../forms';
import { RadioChips } from '../../../ui/primitives';
import { Slider } from '../editor/Slider';
import { ANCHORS, MIN_ZOOM, dragBy, expansionRatiosOf, generatedShare, placeBox, placementOf, type Placement } from './placement';
import { usePlacementStore } from './placement-store';
import './expand.css';

/**
 * The geometry (ratio, source shape, placement) and the draft's four ratios when the preview last looked, kept
 * across remounts: a geometry change while the ratios stayed as they were makes them stale (re-derived), a
 * change of both at once is a load ("Reuse settings") and keeps the loaded ratios. Ratios that changed
 * without the preview (loaded, typed) move the placement to what they say.
 */
let lastSeen: { key: string; typed: string } | null = null;

/**
 * Expansion you can see: the chosen ratio as a frame, the source inside it (drag it, pick an anchor, zoom
 * it) and the area the gateway will generate hatched. The placement is sent as Kling's four expansion ratios
 * beside the aspect ratio, and the panel says which numbers go.
 */
export function ExpandPreview({ source, ratio, values }: { source: MediaValue; ratio: { w: number; h: number }; values: Values }) {
  const { t } = useTranslation();
  const url = mediaPreviewUrl(source);
  const size = useImageSize(url);
  const placement = usePlacementStore((s) => s.placement);
  const setPlacement = usePlacementStore((s) => s.set);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const R = ratio.w / ratio.h;
  const S = size ? size.width / size.height : null;
  const derived = S ? expansionRatiosOf(R, S, placement) : null;
  const keyOf = (p: Placement) => `${R}|${S}|${p.ax},${p.ay},${p.zoom}`;
  const key = S ? keyOf(placement) : null;
  // What the request carries: the draft's four ratios (all four or none, see the catalog).
  const sent = expansionRatios(values);
  const typed = EXPANSION_SIDES.map((side) => values[`${side}_expansion_ratio`]);
  const typedKey = JSON.stringify(typed);
  // The placement's four ratios are the draft's defaults. They go into the draft (and the request) while it has
  // none yet, and again when the ratio, the source's shape or the placement changes; a hand-typed value, or
  // values loaded by "Reuse settings" (they change together with the ratio or the source), win until then;
  // the source is then drawn where they put it (it stayed where the last placement had it).
  useEffect(() => {
    if (!derived || !key || !S) return;
    const unset = typed.every((v) => v === undefined);
    const changed = lastSeen === null || lastSeen.typed !== typedKey;
    const moved = lastSeen !== null && lastSeen.key !== key && lastSeen.typed === typedKey;
    lastSeen = { key, typed: typedKey };
    if (!unset && !moved) {
      if (changed && sent && EXPANSION_SIDES.some((side) => sent[side] !== derived[side])) {
        const next = placementOf(R, S, sent, placement);
        lastSeen.key = keyOf(next);
        setPlacement(next);
      }
      return;
    }
    // What the draft holds once these land (a drag's next step may arrive in the same render).
    lastSeen.typed = JSON.stringify(EXPANSION_SIDES.map((side) => derived[side]));
    for (const side of EXPANSION_SIDES)
      if (values[`${side}_expansion_ratio`] !== derived[side]) setDraftField('vendor.expand', `${side}_expansion_ratio`, derived[side]);
  }, [key, typedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!url || !S || !derived) return null;
  const box = placeBox(R, S, placement);
  const share = generatedShare(R, S, placement);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // synthetic events
    }
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const r = frame.current?.getBoundingClientRect();
    if (!d || !r || r.width === 0 || r.height === 0) return;
    const p = usePlacementStore.getState().placement;
    setPlacement(dragBy(R, S, p, (e.clientX - d.x) / r.width, (e.clientY - d.y) / r.height));
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

  return (
    <div className="cv-expand" data-testid="expand-preview">
      <div className="cv-expand-box" style={{ ['--r' as string]: R }}>
        <div
          ref={frame}
          className="cv-expand-frame"
          style={{ aspectRatio: `${ratio.w} / ${ratio.h}` }}
          data-testid="expand-frame"
          data-ratio={`${ratio.w}:${ratio.h}`}
        >
          <div
            className="cv-expand-source"
            style={{ left: pct(box.x), top: pct(box.y), width: pct(box.w), height: pct(box.h) }}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            role="img"
            aria-label={t('canvas.expand.source')}
            data-testid="expand-source"
            data-placement={`${placement.ax.toFixed(3)},${placement.ay.toFixed(3)},${placement.zoom.toFixed(3)}`}
          >
            <img src={url} alt="" draggable={false} />
          </div>
          <span className="cv-expand-ratio">
            {ratio.w}:{ratio.h}
          </span>
        </div>
      </div>
      <div className="cv-expand-controls">
        <RadioChips
          className="cv-anchors"
          chipClassName="cv-anchor-btn"
          label={t('canvas.expand.anchor')}
          value={ANCHORS.find((a) => placement.ax === a.ax && placement.ay === a.ay)?.id ?? ''}
          onChange={(id) => {
            const a = ANCHORS.find((x) => x.id === id);
            if (a) setPlacement({ ...placement, ax: a.ax, ay: a.ay });
          }}
          chips={ANCHORS.map((a) => ({
            value: a.id,
            label: <span aria-hidden />,
            hint: t(`canvas.expand.anchors.${a.id}`),
            ariaLabel: t(`canvas.expand.anchors.${a.id}`),
            testId: `expand-anchor-${a.id}`,
          }))}
        />
        <div className="cv-expand-side">
          <Slider
            label={t('canvas.expand.scale')}
            value={Math.round(placement.zoom * 100)}
            min={MIN_ZOOM * 100}
            max={100}
            display={`${Math.round(placement.zoom * 100)}%`}
            onChange={(v) => setPlacement({ ...placement, zoom: v / 100 })}
            testId="expand-scale"
          />
          <span className="cv-expand-share">
            <span className="cv-hatch-key" /> {t('canvas.expand.generated', { pct: Math.round(share * 100) })}
          </span>
        </div>
      </div>
      <p className="cv-expand-note" data-testid="expand-sent">
        <Info size={14} />{' '}
        {sent
          ? t('canvas.expand.sent', { ratio: `${ratio.w}:${ratio.h}`, up: sent.up, down: sent.down, left: sent.left, right: sent.right })
          : t('canvas.expand.sentRatioOnly', { ratio: `${ratio.w}:${ratio.h}` })}
      </p>
    </div>
  );
}
