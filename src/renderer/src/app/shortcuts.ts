/** Every shortcut, grouped as the sheet shows them (keys as typed; labels are i18n keys under `app.keys.*`). */
export const SHORTCUTS: readonly { group: string; items: readonly { keys: string; label: string }[] }[] = [
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
      { keys: 'Enter', label: 'open' },
      { keys: 'Ctrl/⌘ + click', label: 'toggleSelect' },
      { keys: 'Shift + click', label: 'rangeSelect' },
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
      { keys: 'Space + drag', label: 'pan' },
      { keys: 'L / R / W', label: 'regionTools' },
    ],
  },
];
