/**
 * The full-screen mask editor: an overlay over the whole window around the painter's DOM-free model
 * (the painter's mask surface, `useMaskSurface`: document, overlay canvas, view, strokes and the same keys as
 * the inline painter, so 4K sources paint dirty rectangles once per frame exactly as the inline painter does). Adds lasso and
 * rectangle fills, select by colour, feather and a side-by-side source view, with its own toolbar look.
 */
import { Check, Columns2, Layers, Maximize, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Modal, ModalTitle, RadioChips, Tip } from '../../../ui/primitives';
import { maskToPngBlob, useMaskSurface, usePainterToolStore, type MaskChange, type Rect } from '../../mask-painter';
import { OptionsBar, ToolRail } from './EditorChrome';
import { useEditorStore } from './editor-store';
import { RegionOutline } from './RegionOutline';
import { combine, coverageBounds, feather } from './region-ops';
import { useRegionTools } from './use-region-tools';
import '../canvas.css';
import './editor.css';

export interface CanvasEditorProps {
  sourceUrl: string;
  width: number;
  height: number;
  initialMask?: Uint8Array;
  /** Shown in the header (e.g. the source's file name). */
  title?: string;
  onApply: (change: MaskChange) => void | Promise<void>;
  onCancel: () => void;
  /** Test/bench hook: a dirty rectangle reached the overlay canvas. */
  onOverlayPainted?: (rect: Rect) => void;
}

/**
 * The modal around the editor. The editor's own hooks live in EditorBody, which mounts inside the modal's
 * portal, so their refs (viewport, canvas) exist when their effects first run.
 */
export function CanvasEditor(props: CanvasEditorProps) {
  const tool = useEditorStore((s) => s.tool);
  // Esc never throws work away: the body says whether closing now loses nothing.
  const close = useRef<() => void>(() => props.onCancel());
  return (
    <Modal
      onClose={() => close.current()}
      backdropClassName="cv-editor-backdrop"
      className="cv-editor"
      testId="canvas-editor"
      closeOnOutside={false}
      data-tool={tool}
    >
      <EditorBody {...props} closeRef={close} />
    </Modal>
  );
}

function EditorBody({ closeRef, ...props }: CanvasEditorProps & { closeRef: RefObject<() => void> }) {
  const { t } = useTranslation();
  const { width, height, initialMask } = props;
  const tool = useEditorStore((s) => s.tool);
  const view = useEditorStore((s) => s.view);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const surface = useMaskSurface({
    width,
    height,
    initialMask,
    keyScope: 'modal',
    onOverlayPainted: props.onOverlayPainted,
    regionTools: {
      get: () => {
        const t = useEditorStore.getState().tool;
        return t === 'paint' ? null : t;
      },
      set: (region) => useEditorStore.getState().update({ tool: region ?? 'paint' }),
    },
  });
  const { doc, afterChange, viewControls, pointer, viewportRef, stageRef, spaceHeld } = surface;
  const replaceMask = useCallback((next: Uint8Array) => afterChange(doc.load(next)), [afterChange, doc]);

  const region = useRegionTools({
    doc,
    sourceUrl: props.sourceUrl,
    viewportRef,
    view: viewControls.view,
    apply: (coverage, mode) => {
      // The history takes the whole new mask (changed tiles only); the overlay repaints only the filled area.
      const bounds = coverageBounds(coverage, width, height);
      if (!bounds) return;
      doc.load(combine(doc.mask.data, coverage, mode));
      afterChange(bounds);
    },
    onError: setError,
  });

  // The side-by-side source pane follows the painting stage's transform (zoom and pan stay in sync).
  useEffect(() => {
    const stage = stageRef.current;
    const mirror = mirrorRef.current;
    if (!stage || !mirror) return;
    mirror.style.transform = stage.style.transform;
    const observer = new MutationObserver(() => (mirror.style.transform = stage.style.transform));
    observer.observe(stage, { attributes: true, attributeFilter: ['style'] });
    return () => observer.disconnect();
  }, [view, stageRef]);

  const apply = async () => {
    setBusy(t('canvas.editor.exporting'));
    try {
      const format = usePainterToolStore.getState().format;
      await props.onApply({ png: await maskToPngBlob(doc.mask, format), hasEdit: doc.hasEdit(), format });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const regionTool = tool !== 'paint' && !spaceHeld;
  const handlers = {
    ...pointer.handlers,
    onPointerDown: (e: React.PointerEvent<HTMLElement>) => {
      viewportRef.current?.focus({ preventScroll: true });
      if (!(regionTool && region.down(e))) pointer.handlers.onPointerDown(e);
    },
    onPointerMove: (e: React.PointerEvent<HTMLElement>) => {
      if (!region.move(e)) pointer.handlers.onPointerMove(e);
    },
    onPointerUp: (e: React.PointerEvent<HTMLElement>) => {
      if (!region.up(e)) pointer.handlers.onPointerUp(e);
    },
  };

  // Esc and Cancel never throw work away silently: with edits they ask first (Keep editing has focus; Esc again keeps).
  const [asking, setAsking] = useState(false);
  const requestClose = () => (doc.history.canUndo ? setAsking(true) : props.onCancel());
  closeRef.current = requestClose;
  return (
    <>
      <header className="cv-head">
        <ModalTitle asChild>
          <strong>{t('canvas.editor.title')}</strong>
        </ModalTitle>
        <span className="cv-dim">
          {props.title ? `${props.title} · ` : ''}
          {width}×{height}
        </span>
        <span className="cv-spacer" />
        <RadioChips
          className="cv-seg"
          chipClassName="cv-seg-item"
          label={t('canvas.editor.sourceView')}
          value={view}
          onChange={(v) => useEditorStore.getState().update({ view: v === 'side' ? 'side' : 'overlay' })}
          chips={[
            {
              value: 'overlay',
              testId: 'cv-view-overlay',
              label: (
                <>
                  <Layers size={14} /> {t('canvas.editor.viewOverlay')}
                </>
              ),
            },
            {
              value: 'side',
              testId: 'cv-view-side',
              label: (
                <>
                  <Columns2 size={14} /> {t('canvas.editor.viewSide')}
                </>
              ),
            },
          ]}
        />
        <span className="cv-zoom" data-testid="cv-zoom">
          {Math.round(viewControls.zoom * 100)}%
        </span>
        <Tip label={`${t('canvas.editor.fit')} (F)`}>
          <button
            type="button"
            className="cv-tool"
            aria-label={`${t('canvas.editor.fit')} (F)`}
            onClick={viewControls.fit}
          >
            <Maximize size={16} />
          </button>
        </Tip>
        <span className="cv-head-sep" />
        <button type="button" className="btn" onClick={requestClose} data-testid="cv-cancel">
          <X size={15} /> {t('canvas.editor.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void apply()}
          disabled={busy !== null}
          data-testid="cv-apply"
        >
          <Check size={15} /> {busy ?? t('canvas.editor.apply')}
        </button>
      </header>
      <ToolRail
        canUndo={surface.history.canUndo}
        canRedo={surface.history.canRedo}
        onPickTool={surface.pickTool}
        onFill={() => afterChange(doc.fill())}
        onInvert={() => afterChange(doc.invert())}
        onClear={() => afterChange(doc.clear())}
        onFeather={(r) => replaceMask(feather(doc.mask.data, width, height, r))}
        onUndo={surface.undo}
        onRedo={surface.redo}
      />
      <OptionsBar />
      <div className={`cv-work${view === 'side' ? ' cv-split' : ''}`}>
        {view === 'side' && (
          <div className="cv-pane cv-mirror" aria-hidden="true">
            <div ref={mirrorRef} className="cv-stage">
              <img src={props.sourceUrl} width={width} height={height} alt="" draggable={false} />
            </div>
            <span className="cv-pane-tag">{t('canvas.editor.source')}</span>
          </div>
        )}
        <div
          ref={viewportRef}
          className={`cv-pane cv-viewport${spaceHeld || pointer.panning ? ' cv-panning' : ''}${regionTool ? ' cv-region' : ''}`}
          tabIndex={0}
          role="application"
          aria-label={t('canvas.editor.canvas')}
          data-testid="cv-viewport"
          {...handlers}
        >
          <div ref={stageRef} className={`cv-stage${viewControls.zoom >= 2 ? ' cv-pixelated' : ''}`}>
            <img
              className="cv-source"
              src={props.sourceUrl}
              width={width}
              height={height}
              alt=""
              draggable={false}
            />
            <canvas
              ref={surface.canvasRef}
              className="cv-mask"
              width={width}
              height={height}
              style={{ opacity: surface.overlayOpacity }}
              data-testid="cv-canvas"
            />
            <RegionOutline preview={region.preview} width={width} height={height} />
          </div>
          <div ref={pointer.cursorRef} className="cv-cursor" aria-hidden="true" />
          {view === 'side' && <span className="cv-pane-tag">{t('canvas.editor.mask')}</span>}
        </div>
      </div>
      {asking && (
        // The editor's keys listen on the window: the question's own keys (Space on a button) stay with it.
        <div hidden onKeyDown={(e) => e.stopPropagation()}>
          <ConfirmDialog
            title={t('canvas.editor.discardTitle')}
            body={t('canvas.editor.discardBody')}
            cancelLabel={t('canvas.editor.keepEditing')}
            confirmLabel={t('canvas.editor.discard')}
            tone="danger"
            onCancel={() => setAsking(false)}
            onConfirm={props.onCancel}
            testId="cv-discard"
            cancelTestId="cv-discard-keep"
            confirmTestId="cv-discard-confirm"
          />
        </div>
      )}
      <footer className="cv-foot">
        {error ? (
          <span className="cv-error" role="alert">
            {error}
          </span>
        ) : (
          <span>{t('canvas.editor.shortcuts')}</span>
        )}
      </footer>
    </>
  );
}
