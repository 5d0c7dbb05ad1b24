/** Every shortcut, grouped as the sheet shows them (keys as typed; labels are i18n keys under `app.keys.*`). */
export const SHORTCUTS: readonly {
  group: string;
  /** `combo`: keys that hold a word ("Space + drag"), translated under `app.keys.combo.*`. */
  items: readonly { keys: string; label: string; combo?: string }[];
}[] = [
  {
    group: 'studio',
    items: [
      { keys: '?', label: 'sheet' },
      { keys: 'Ctrl/⌘ + Enter', label: 'generate' },
      { keys: '↑ / ↓', label: 'recall' },
      { keys: 'Esc', label: 'clearSelection' },
    ],
  },
  {
    group: 'gallery',
    items: [
      { keys: '← ↑ → ↓', label: 'moveTile' },
      { keys: 'Home / End', label: 'rowEnds' },
      { keys: 'Ctrl/⌘ + Home / End', label: 'gridEnds' },
      { keys: 'PgUp / PgDn', label: 'pageTiles' },
      { keys: 'Enter', label: 'open' },
      { keys: 'Ctrl/⌘ + click', combo: 'ctrlClick', label: 'toggleSelect' },
      { keys: 'Ctrl/⌘ + Space', combo: 'ctrlSpace', label: 'toggleSelect' },
      { keys: 'Shift + click', combo: 'shiftClick', label: 'rangeSelect' },
      { keys: 'Shift + ← ↑ → ↓', label: 'rangeSelect' },
      { keys: 'F8', label: 'toasts' },
    ],
  },
  {
    group: 'lightbox',
    items: [
      { keys: '← / →', label: 'previousNext' },
      { keys: 'C', label: 'compareSource' },
      { keys: 'Esc', label: 'close' },
    ],
  },
  {
    group: 'mask',
    items: [
      { keys: 'B / E', label: 'brushEraser' },
      { keys: 'X', label: 'swap' },
      { keys: '[ / ]', label: 'size' },
      { keys: 'Ctrl/⌘ + Z', label: 'undo' },
      { keys: 'Shift + Ctrl/⌘ + Z', label: 'redo' },
      { keys: 'F', label: 'fit' },
      { keys: 'Space + drag', combo: 'spaceDrag', label: 'pan' },
      { keys: 'L / R / W', label: 'regionTools' },
    ],
  },
];
