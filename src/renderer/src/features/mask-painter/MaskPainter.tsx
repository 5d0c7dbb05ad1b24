/**
 * Mask painter: paint over a source image the areas an image edit may change.
 *
 * API
 * - Props: see `MaskPainterProps`. `width`/`height` are the source's pixel size; the mask and every
 *   export are exactly that size. `initialMask` (width × height bytes, 0 = keep, 255 = edit) restores
 *   a saved mask; use `decodeMaskImage` to turn a saved PNG into those bytes.
 * - `onMaskChange` fires (debounced) after each finished change with the PNG in the format chosen in
 *   the toolbar, `hasEdit` false when nothing is painted (send no mask then).
 * - Imperative handle via the `ref` prop (React 19 ref-as-prop): `exportMask(format?)` for an explicit
 *   export at submit time, plus `getMaskBytes`, `loadMask`, `undo`, `redo`, `clear`, `fitToView`.
 */
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { decodeMaskImage, maskToPngBlob } from './browser-io';
import { defaultMaskPainterLabels, type MaskPainterLabels } from './labels';
import type { MaskFormat } from './mask-export';
import type { Rect } from './mask-raster';
import { MaskPainterToolbar } from './mask-painter-toolbar';
import { usePainterToolStore } from './painter-tool-store';
import { useMaskSurface } from './use-mask-surface';
import './mask-painter.css';

export interface MaskChange {
  png: Blob;
  hasEdit: boolean;
  format: MaskFormat;
}

export interface MaskPainterHandle {
  /** Encodes the current mask (default: the toolbar's format). */
  exportMask: (format?: MaskFormat) => Promise<MaskChange>;
  /** A copy of the mask bytes (width × height, 0 = keep, 255 = edit), e.g. to save with a draft. */
  getMaskBytes: () => Uint8Array;
  /** Loads a mask image or bytes as one undoable step. */
  loadMask: (mask: Blob | Uint8Array) => Promise<void>;
  undo: () => void;
  redo: () => void;
  clear: () => void;
  fitToView: () => void;
}

export interface MaskPainterProps {
  sourceUrl: string;
  width: number;
  height: number;
  initialMask?: Uint8Array;
  onMaskChange?: (mask: MaskChange) => void;
  labels?: Partial<MaskPainterLabels>;
  ref?: Ref<MaskPainterHandle>;
  className?: string;
  /** Quiet time after the last change before `onMaskChange` encodes (a 4096² encode takes ~100 ms). */
  changeDebounceMs?: number;
  /** Test/bench hook: a dirty rectangle reached the overlay canvas. */
  onOverlayPainted?: (rect: Rect) => void;
}

export function MaskPainter(props: MaskPainterProps): React.JSX.Element {
  const { width, height, initialMask, changeDebounceMs = 250 } = props;
  const labels = useMemo(() => ({ ...defaultMaskPainterLabels, ...props.labels }), [props.labels]);
  const [dropState, setDropState] = useState<'idle' | 'over' | 'failed'>('idle');

  const notifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onMaskChangeRef = useRef(props.onMaskChange);
  onMaskChangeRef.current = props.onMaskChange;
  const exportRef = useRef<() => Promise<MaskChange>>(async () => Promise.reject(new Error('not mounted')));
  const surface = useMaskSurface({
    width,
    height,
    initialMask,
    keyScope: 'hover',
    onOverlayPainted: props.onOverlayPainted,
    onChanged: () => {
      clearTimeout(notifyTimer.current);
      if (!onMaskChangeRef.current) return;
      notifyTimer.current = setTimeout(() => {
        void exportRef.current().then((change) => onMaskChangeRef.current?.(change));
      }, changeDebounceMs);
    },
  });
  const { doc, afterChange, viewControls, pointer } = surface;

  const exportMask = useCallback(
    async (format?: MaskFormat): Promise<MaskChange> => {
      const f = format ?? usePainterToolStore.getState().format;
      return { png: await maskToPngBlob(doc.mask, f), hasEdit: doc.hasEdit(), format: f };
    },
    [doc],
  );
  exportRef.current = exportMask;

  const loadMask = useCallback(
    async (mask: Blob | Uint8Array) => {
      const bytes = mask instanceof Uint8Array ? mask : await decodeMaskImage(mask, width, height);
      afterChange(doc.load(bytes));
    },
    [afterChange, doc, width, height],
  );

  useImperativeHandle(
    props.ref,
    () => ({
      exportMask,
      getMaskBytes: () => doc.mask.data.slice(),
      loadMask,
      undo: () => afterChange(doc.undo()),
      redo: () => afterChange(doc.redo()),
      clear: () => afterChange(doc.clear()),
      fitToView: viewControls.fit,
    }),
    [exportMask, doc, loadMask, afterChange, viewControls.fit],
  );

  const onDrop = (e: React.DragEvent): void => {
    e.preventDefault();
    const file = Array.from(e.dataTransfer.files).find((f) => f.type.startsWith('image/'));
    if (!file) return setDropState('idle');
    loadMask(file).then(
      () => setDropState('idle'),
      () => setDropState('failed'),
    );
  };

  return (
    <div
      ref={surface.rootRef}
      className={`mp-root${props.className ? ` ${props.className}` : ''}`}
      {...surface.hoverHandlers}
    >
      <MaskPainterToolbar
        labels={labels}
        canUndo={surface.history.canUndo}
        canRedo={surface.history.canRedo}
        zoom={viewControls.zoom}
        onFill={() => afterChange(doc.fill())}
        onInvert={() => afterChange(doc.invert())}
        onClear={() => afterChange(doc.clear())}
        onUndo={surface.undo}
        onRedo={surface.redo}
        onPickTool={surface.pickTool}
        onFit={viewControls.fit}
      />
      <div
        ref={surface.viewportRef}
        className={`mp-viewport${surface.spaceHeld || pointer.panning ? ' mp-panning' : ''}${dropState === 'over' ? ' mp-drop-over' : ''}`}
        tabIndex={0}
        aria-label={labels.canvas}
        data-testid="mp-viewport"
        {...pointer.handlers}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDropState('over');
        }}
        onDragLeave={() => setDropState('idle')}
        onDrop={onDrop}
      >
        <div ref={surface.stageRef} className={`mp-stage${viewControls.zoom >= 2 ? ' mp-pixelated' : ''}`}>
          <img className="mp-source" src={props.sourceUrl} width={width} height={height} alt="" draggable={false} />
          <canvas
            ref={surface.canvasRef}
            className="mp-overlay"
            width={width}
            height={height}
            style={{ opacity: surface.overlayOpacity }}
            data-testid="mp-canvas"
          />
        </div>
        <div ref={pointer.cursorRef} className="mp-cursor" aria-hidden="true" />
        {dropState !== 'idle' && (
          <div className="mp-drop-hint" role="status">
            {dropState === 'over' ? labels.dropHint : labels.loadFailed}
          </div>
        )}
      </div>
      <p className="mp-help">
        {labels.formatHelp} {labels.shortcutsHelp}
      </p>
    </div>
  );
}
