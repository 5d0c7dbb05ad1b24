/**
 * Where a key moves focus in the gallery grid (the ARIA grid pattern: one Tab stop, arrows inside). Indexes
 * are into the loaded tasks, row-major with `columns` a row; `pageRows` rows make a page. Returns null when
 * the key does not move (an edge, or not a grid key).
 */
export function gridTarget(
  key: string,
  index: number,
  { columns, count, pageRows, ctrl = false }: { columns: number; count: number; pageRows: number; ctrl?: boolean },
): number | null {
  if (count <= 0 || columns < 1 || index < 0 || index >= count) return null;
  const last = count - 1;
  const column = index % columns;
  const rowStart = index - column;
  const page = Math.max(1, pageRows) * columns;
  let to: number;
  switch (key) {
    case 'ArrowLeft':
      to = index - 1;
      break;
    case 'ArrowRight':
      to = index + 1;
      break;
    case 'ArrowUp':
      to = index - columns;
      break;
    case 'ArrowDown':
      // Into a shorter last row: its last tile, as a spreadsheet's ragged end would.
      to = rowStart + columns > last ? -1 : Math.min(index + columns, last);
      break;
    case 'Home':
      to = ctrl ? 0 : rowStart;
      break;
    case 'End':
      to = ctrl ? last : Math.min(rowStart + columns - 1, last);
      break;
    case 'PageUp':
      to = index - page >= 0 ? index - page : column;
      break;
    case 'PageDown': {
      if (index + page <= last) to = index + page;
      else {
        // The last row's tile in this column, or the very last tile when that row is shorter.
        const lastRowStart = last - (last % columns);
        to = Math.min(lastRowStart + column, last);
      }
      break;
    }
    default:
      return null;
  }
  return to >= 0 && to <= last && to !== index ? to : null;
}
