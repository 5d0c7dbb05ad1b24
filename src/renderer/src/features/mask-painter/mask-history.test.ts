import { describe, expect, it } from 'vitest';
import { MaskDocument } from './mask-document';
import { TILE_SIZE } from './mask-raster';

const HARD = { size: 4, hardness: 1, opacity: 1 };

function dot(doc: MaskDocument, x: number, y: number): void {
  doc.beginStroke('brush', HARD, { x, y });
  doc.endStroke();
}

describe('bounded history', () => {
  it('evicts the oldest entries beyond maxEntries', () => {
    const doc = new MaskDocument(256, 256, undefined, { maxEntries: 3, maxBytes: 1 << 30 });
    for (let i = 0; i < 5; i++) dot(doc, 10 + i * 40, 10);
    expect(doc.history.undoCount).toBe(3);
    while (doc.history.canUndo) doc.undo();
    // the two oldest dots can no longer be undone, the three newest were
    expect(doc.mask.data[10 * 256 + 10]).toBe(255);
    expect(doc.mask.data[10 * 256 + 50]).toBe(255);
    expect(doc.mask.data[10 * 256 + 90]).toBe(0);
    expect(doc.mask.data[10 * 256 + 170]).toBe(0);
  });

  it('evicts by bytes: a dot on an empty tile costs one tile copy (the empty before is a number)', () => {
    const tileBytes = TILE_SIZE * TILE_SIZE;
    const perDot = tileBytes + 48;
    const doc = new MaskDocument(512, 512, undefined, { maxEntries: 100, maxBytes: perDot * 2 + 10 });
    for (let i = 0; i < 4; i++) dot(doc, 32 + i * 128, 32);
    expect(doc.history.undoCount).toBe(2);
    expect(doc.history.bytes).toBe(perDot * 2);
  });

  it('keeps uniform tiles as numbers, so fill and clear of an empty mask are cheap', () => {
    const doc = new MaskDocument(1024, 1024);
    doc.fill();
    const tiles = (1024 / TILE_SIZE) ** 2;
    expect(doc.history.bytes).toBe(tiles * 48);
    expect(doc.mask.data.every((v) => v === 255)).toBe(true);
    doc.undo();
    expect(doc.mask.data.every((v) => v === 0)).toBe(true);
    expect(doc.fill()).not.toBeNull();
    expect(doc.fill()).toBeNull(); // filling a full mask changes nothing and records nothing
    expect(doc.history.undoCount).toBe(1);
  });

  it('a new change drops the redo branch', () => {
    const doc = new MaskDocument(128, 128);
    dot(doc, 10, 10);
    doc.undo();
    expect(doc.history.canRedo).toBe(true);
    dot(doc, 100, 100);
    expect(doc.history.canRedo).toBe(false);
    expect(doc.redo()).toBeNull();
    expect(doc.mask.data[10 * 128 + 10]).toBe(0);
  });

  it('undo during a stroke commits the stroke first, then undoes it', () => {
    const doc = new MaskDocument(64, 64);
    doc.beginStroke('brush', HARD, { x: 5, y: 5 });
    doc.continueStroke([{ x: 30, y: 5 }]);
    expect(doc.mask.data[5 * 64 + 20]).toBe(255);
    doc.undo();
    expect(doc.strokeActive).toBe(false);
    expect(doc.mask.data[5 * 64 + 20]).toBe(0);
    doc.redo();
    expect(doc.mask.data[5 * 64 + 20]).toBe(255);
  });

  it('clear is undoable', () => {
    const doc = new MaskDocument(64, 64);
    dot(doc, 30, 30);
    doc.clear();
    expect(doc.hasEdit()).toBe(false);
    doc.undo();
    expect(doc.mask.data[30 * 64 + 30]).toBe(255);
  });
});
