import { describe, expect, it } from 'vitest';
import { surfaceKeyAction, type KeyLike } from './surface-keys';
import { nextToolState, openingToolState, type SurfaceToolState } from './surface-tools';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code: key === ' ' ? 'Space' : key === '[' ? 'BracketLeft' : key === ']' ? 'BracketRight' : `Key${key.toUpperCase()}`,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the mask surface keys', () => {
  it('map one key to one action for both surfaces', () => {
    expect(surfaceKeyAction(press('x'))).toEqual({ kind: 'swap' });
    expect(surfaceKeyAction(press('X', { shiftKey: true }))).toEqual({ kind: 'swap' });
    expect(surfaceKeyAction(press('b'))).toEqual({ kind: 'tool', tool: 'brush' });
    expect(surfaceKeyAction(press('e'))).toEqual({ kind: 'tool', tool: 'eraser' });
    expect(surfaceKeyAction(press('l'))).toEqual({ kind: 'tool', tool: 'lasso' });
    expect(surfaceKeyAction(press('['))).toEqual({ kind: 'size', direction: -1 });
    expect(surfaceKeyAction(press(']'))).toEqual({ kind: 'size', direction: 1 });
    expect(surfaceKeyAction(press('f'))).toEqual({ kind: 'fit' });
    expect(surfaceKeyAction(press(' '))).toEqual({ kind: 'pan' });
    expect(surfaceKeyAction(press('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(surfaceKeyAction(press('z', { metaKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(surfaceKeyAction(press('y', { ctrlKey: true }))).toEqual({ kind: 'redo' });
  });
  it('leave other keys and modified letters alone', () => {
    expect(surfaceKeyAction(press('x', { ctrlKey: true }))).toBeNull();
    expect(surfaceKeyAction(press('b', { altKey: true }))).toBeNull();
    expect(surfaceKeyAction(press('q'))).toBeNull();
  });
});

describe('tool switching', () => {
  const painting: SurfaceToolState = { paint: 'brush', region: null };
  const erasing: SurfaceToolState = { paint: 'eraser', region: null };
  const editor = { maskEmpty: false, regionTools: true };

  it('X swaps painting and erasing and keeps the tool in hand', () => {
    expect(nextToolState(painting, { kind: 'swap' }, editor)).toEqual(erasing);
    expect(nextToolState({ paint: 'brush', region: 'lasso' }, { kind: 'swap' }, editor)).toEqual({ paint: 'eraser', region: 'lasso' });
  });
  it('a region tool picked over an empty mask adds, never subtracts from nothing', () => {
    expect(nextToolState(erasing, { kind: 'tool', tool: 'lasso' }, { maskEmpty: true, regionTools: true })).toEqual({ paint: 'brush', region: 'lasso' });
    // Over a painted mask the eraser's side carries over (E then L removes with the lasso).
    expect(nextToolState(erasing, { kind: 'tool', tool: 'rect' }, editor)).toEqual({ paint: 'eraser', region: 'rect' });
  });
  it('a surface without region tools keeps what it had', () => {
    expect(nextToolState(erasing, { kind: 'tool', tool: 'colour' }, { maskEmpty: true, regionTools: false })).toEqual(erasing);
  });
  it('B and E leave region tools', () => {
    expect(nextToolState({ paint: 'brush', region: 'rect' }, { kind: 'tool', tool: 'eraser' }, editor)).toEqual(erasing);
  });
  it('a surface opening over an empty mask paints', () => {
    expect(openingToolState(erasing, true)).toEqual(painting);
    expect(openingToolState(erasing, false)).toEqual(erasing);
  });
});
