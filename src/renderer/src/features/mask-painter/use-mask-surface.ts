import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { stepSize } from './brush-size';
import { MaskDocument } from './mask-document';
import type { Rect } from './mask-raster';
import { usePainterToolStore } from './painter-tool-store';
import { isTextEntry, surfaceKeyAction, type SurfaceTool } from './surface-keys';
import { nextToolState, openingToolState, type RegionTool, type SurfaceToolState } from './surface-tools';
import { useOverlayCanvas } from './use-overlay-canvas';
import { usePainterPointer, type PainterPointer } from './use-painter-pointer';
import { useViewControls, type ViewControls } from './use-view-controls';

export interface MaskSurfaceOptions {
  width: number;
  height: number;
  initialMask?: Uint8Array;
  /**
   * Where keys reach the surface. `hover`: while the pointer is over its root or focus is inside it, so
   * two painters on a page never react to each other's keys. `modal`: while it is mounted; every `hover`
   * surface is deaf meanwhile (the inline painter under the full-screen editor must not swap tools too).
   */
  keyScope: 'hover' | 'modal';
  /** The editor's region tools; a surface without them ignores L, R and W. */
  regionTools?: { get: () => RegionTool | null; set: (tool: RegionTool | null) => void };
  /** After each finished change (stroke, fill, undo, load…). */
  onChanged?: () => void;
  /** Test/bench hook: a dirty rectangle reached the overlay canvas. */
  onOverlayPainted?: (rect: Rect) => void;
}

export interface MaskSurface {
  doc: MaskDocument;
  rootRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<HTMLDivElement | null>;
  stageRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  overlayOpacity: number;
  history: { canUndo: boolean; canRedo: boolean };
  spaceHeld: boolean;
  viewControls: ViewControls;
  pointer: PainterPointer;
  /** Repaints the changed rectangle and updates the history buttons; call after changing `doc`. */
  afterChange: (dirty: Rect | null) => void;
  undo: () => void;
  redo: () => void;
  /** Picks a tool as its key does (B, E, L, R, W): the toolbars call this too. */
  pickTool: (tool: SurfaceTool) => void;
  /** X: painting ⇄ erasing. */
  swap: () => void;
  /** For the root element: hovering it gives a `hover` surface the keys. */
  hoverHandlers: { onPointerEnter: () => void; onPointerMove: () => void; onPointerLeave: () => void };
}

/** Modal surfaces mounted now; while there is one, hover surfaces ignore keys. */
let modalSurfaces = 0;

/**
 * The mask surface both the inline painter and the full-screen editor are built on: the document, the
 * overlay canvas, view controls, strokes, history and the one set of keys (`surface-keys.ts`).
 */
export function useMaskSurface(o: MaskSurfaceOptions): MaskSurface {
  const { width, height, initialMask } = o;
  const doc = useMemo(() => new MaskDocument(width, height, initialMask), [width, height, initialMask]);
  const overlayColor = usePainterToolStore((s) => s.overlayColor);
  const overlayOpacity = usePainterToolStore((s) => s.overlayOpacity);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hovered = useRef(false);
  const [history, setHistory] = useState({ canUndo: false, canRedo: false });
  const [spaceHeld, setSpaceHeld] = useState(false);
  const opts = useRef(o);
  opts.current = o;

  const overlay = useOverlayCanvas(canvasRef, doc.mask, overlayColor, o.onOverlayPainted);
  const viewControls = useViewControls(viewportRef, stageRef, width, height);
  const afterChange = useCallback(
    (dirty: Rect | null) => {
      overlay.invalidate(dirty);
      setHistory({ canUndo: doc.history.canUndo, canRedo: doc.history.canRedo });
      opts.current.onChanged?.();
    },
    [overlay, doc],
  );
  const pointer = usePainterPointer({
    doc,
    viewportRef,
    view: viewControls.view,
    spaceHeld,
    pan: viewControls.pan,
    onStrokeDirty: overlay.invalidate,
    onStrokeEnd: afterChange,
  });

  const readTools = (): SurfaceToolState => ({
    paint: usePainterToolStore.getState().tool,
    region: opts.current.regionTools?.get() ?? null,
  });
  const writeTools = (next: SurfaceToolState): void => {
    if (next.paint !== usePainterToolStore.getState().tool) usePainterToolStore.getState().update({ tool: next.paint });
    opts.current.regionTools?.set(next.region);
  };
  const pickTool = (tool: SurfaceTool): void =>
    writeTools(nextToolState(readTools(), { kind: 'tool', tool }, { maskEmpty: !doc.hasEdit(), regionTools: !!opts.current.regionTools }));
  const swap = (): void =>
    writeTools(nextToolState(readTools(), { kind: 'swap' }, { maskEmpty: !doc.hasEdit(), regionTools: !!opts.current.regionTools }));

  // Opening over an empty mask paints: an eraser left from last time would erase nothing.
  useEffect(() => {
    const { tool, update } = usePainterToolStore.getState();
    update({ tool: openingToolState({ paint: tool, region: null }, !doc.hasEdit()).paint });
  }, [doc]);

  const actions = useRef({ pickTool, swap, afterChange, fit: viewControls.fit });
  actions.current = { pickTool, swap, afterChange, fit: viewControls.fit };

  const { keyScope } = o;
  useEffect(() => {
    if (keyScope === 'modal') modalSurfaces += 1;
    // `:hover` as well as the enter/leave flag: a painter that opens under a resting pointer gets no
    // pointerenter from Chromium (the node under it was removed), yet it is the one under the pointer.
    const active = (): boolean =>
      keyScope === 'modal' ||
      (modalSurfaces === 0 &&
        (hovered.current ||
          (rootRef.current?.matches(':hover') ?? false) ||
          (rootRef.current?.contains(document.activeElement) ?? false)));
    const onKeyDown = (e: KeyboardEvent): void => {
      if (!active() || isTextEntry(e.target)) return;
      const action = surfaceKeyAction(e);
      if (!action) return;
      const a = actions.current;
      if (action.kind === 'tool') a.pickTool(action.tool);
      else if (action.kind === 'swap') a.swap();
      else if (action.kind === 'size') {
        const { size, update } = usePainterToolStore.getState();
        update({ size: stepSize(size, action.direction) });
      } else if (action.kind === 'fit') a.fit();
      else if (action.kind === 'undo') a.afterChange(doc.undo());
      else if (action.kind === 'redo') a.afterChange(doc.redo());
      else setSpaceHeld(true);
      // Space would otherwise scroll the page or press a focused toolbar button.
      e.preventDefault();
    };
    const onKeyUp = (e: KeyboardEvent): void => {
      if (e.code === 'Space') setSpaceHeld(false);
    };
    const release = (): void => setSpaceHeld(false);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', release);
    return () => {
      if (keyScope === 'modal') modalSurfaces -= 1;
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
    };
  }, [keyScope, doc]);

  return {
    doc,
    rootRef,
    viewportRef,
    stageRef,
    canvasRef,
    overlayOpacity,
    history,
    spaceHeld,
    viewControls,
    pointer,
    afterChange,
    undo: () => afterChange(doc.undo()),
    redo: () => afterChange(doc.redo()),
    pickTool,
    swap,
    hoverHandlers: {
      onPointerEnter: () => (hovered.current = true),
      onPointerMove: () => (hovered.current = true),
      onPointerLeave: () => (hovered.current = false),
    },
  };
}
