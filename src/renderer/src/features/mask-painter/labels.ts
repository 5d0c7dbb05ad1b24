/** Every user-visible string of the painter; the app passes translated values (i18next) as `labels`. */
export interface MaskPainterLabels {
  toolbar: string;
  canvas: string;
  brush: string;
  eraser: string;
  size: string;
  /** The brush-size number box's accessible name (it sits in the slider's label, which names only the slider). */
  sizeValue: string;
  hardness: string;
  opacity: string;
  fill: string;
  invert: string;
  clear: string;
  undo: string;
  redo: string;
  fitToView: string;
  zoom: string;
  overlayColor: string;
  overlayOpacity: string;
  maskFormat: string;
  formatWhiteEdit: string;
  formatAlphaEdit: string;
  formatHelp: string;
  dropHint: string;
  loadFailed: string;
  shortcutsHelp: string;
}

export const defaultMaskPainterLabels: MaskPainterLabels = {
  toolbar: 'Mask tools',
  canvas: 'Mask canvas: paint the areas to change',
  brush: 'Brush',
  eraser: 'Eraser',
  size: 'Size',
  sizeValue: 'Brush size in pixels',
  hardness: 'Hardness',
  opacity: 'Opacity',
  fill: 'Fill',
  invert: 'Invert',
  clear: 'Clear',
  undo: 'Undo',
  redo: 'Redo',
  fitToView: 'Fit to view',
  zoom: 'Zoom',
  overlayColor: 'Overlay colour',
  overlayOpacity: 'Overlay opacity',
  maskFormat: 'Mask format',
  formatWhiteEdit: 'White = edit',
  formatAlphaEdit: 'Transparent = edit',
  formatHelp:
    'Painted areas are changed, the rest is kept. "White = edit" exports white on black; ' +
    '"Transparent = edit" exports an alpha mask for gateways that expect OpenAI-style transparency.',
  dropHint: 'Drop a mask image to load it',
  loadFailed: 'Could not load that image as a mask',
  shortcutsHelp:
    'B brush · E eraser · X swap · [ ] size · F fit · Space+drag pan · wheel zoom · Ctrl/Cmd+Z undo · Shift+Ctrl/Cmd+Z redo',
};
