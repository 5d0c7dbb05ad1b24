import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridTarget } from './grid-keys';

const grid = { columns: 4, count: 10, pageRows: 2 };

describe('gridTarget', () => {
  it('moves by one across and by a row up and down, and stops at the edges', () => {
    expect(gridTarget('ArrowRight', 0, grid)).toBe(1);
    expect(gridTarget('ArrowLeft', 0, grid)).toBeNull();
    expect(gridTarget('ArrowRight', 9, grid)).toBeNull();
    expect(gridTarget('ArrowDown', 1, grid)).toBe(5);
    expect(gridTarget('ArrowUp', 5, grid)).toBe(1);
    expect(gridTarget('ArrowUp', 2, grid)).toBeNull();
    // Row 1 (4…7) to the short last row (8, 9): column 3 lands on its last tile.
    expect(gridTarget('ArrowDown', 7, grid)).toBe(9);
    expect(gridTarget('ArrowDown', 9, grid)).toBeNull();
  });

  it('Home and End: the row, or with Ctrl the whole grid', () => {
    expect(gridTarget('Home', 6, grid)).toBe(4);
    expect(gridTarget('End', 5, grid)).toBe(7);
    expect(gridTarget('End', 8, grid)).toBe(9);
    expect(gridTarget('Home', 6, { ...grid, ctrl: true })).toBe(0);
    expect(gridTarget('End', 1, { ...grid, ctrl: true })).toBe(9);
  });

  it('Page Up and Page Down move a page of rows, keeping the column, ending at the last row', () => {
    expect(gridTarget('PageDown', 1, grid)).toBe(9);
    expect(gridTarget('PageDown', 0, grid)).toBe(8);
    expect(gridTarget('PageDown', 0, { ...grid, count: 40 })).toBe(8);
    expect(gridTarget('PageUp', 9, grid)).toBe(1);
    expect(gridTarget('PageUp', 1, grid)).toBeNull();
  });

  it('ignores other keys and an index outside the tasks', () => {
    expect(gridTarget('a', 1, grid)).toBeNull();
    expect(gridTarget('ArrowRight', 10, grid)).toBeNull();
    expect(gridTarget('ArrowRight', 0, { ...grid, count: 0 })).toBeNull();
  });

  it('always lands on a loaded task other than the one it left, and Up undoes Down', () => {
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.constantFrom(...keys),
        fc.boolean(),
        (columns, count, pageRows, at, key, ctrl) => {
          const index = at % count;
          const to = gridTarget(key, index, { columns, count, pageRows, ctrl });
          if (to === null) return;
          expect(Number.isInteger(to) && to >= 0 && to < count && to !== index).toBe(true);
          if (key === 'ArrowDown' && to === index + columns)
            expect(gridTarget('ArrowUp', to, { columns, count, pageRows })).toBe(index);
        },
      ),
    );
  });
});
