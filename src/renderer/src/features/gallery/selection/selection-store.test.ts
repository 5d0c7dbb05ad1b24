import { beforeEach, describe, expect, it } from 'vitest';
import { useSelectionStore } from './selection-store';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = () => [...useSelectionStore.getState().ids].sort();

describe('selection store ranges', () => {
  beforeEach(() => useSelectionStore.getState().clear());

  it('Shift-click with no anchor selects just the clicked task and anchors there', () => {
    useSelectionStore.getState().extendTo('c', order);
    expect(ids()).toEqual(['c']);
    useSelectionStore.getState().extendTo('e', order);
    expect(ids()).toEqual(['c', 'd', 'e']);
  });

  it('Shift+arrow with no anchor starts the range at the focused task', () => {
    useSelectionStore.getState().extendTo('c', order, 'a');
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(useSelectionStore.getState().anchor).toBe('a');
    // Further moves keep the first anchor.
    useSelectionStore.getState().extendTo('d', order, 'c');
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('an existing anchor wins over the focused task', () => {
    useSelectionStore.getState().toggle('e');
    useSelectionStore.getState().extendTo('c', order, 'b');
    expect(ids()).toEqual(['c', 'd', 'e']);
  });
});
