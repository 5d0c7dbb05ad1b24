import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { MaskDocument } from './mask-document';
import { encodeMaskPng, type MaskFormat } from './mask-export';
import { crc32 } from './png-encode';
import { screenToImage, zoomAt, panBy, fitToView, imageToScreen } from './view-transform';
import type { BrushSettings } from './stroke-session';

const nodeDeflate = (b: Uint8Array): Promise<Uint8Array> => Promise.resolve(new Uint8Array(deflateSync(b)));
const HARD: BrushSettings = { size: 10, hardness: 1, opacity: 1 };

async function decode(doc: MaskDocument, format: MaskFormat = 'white-edit'): Promise<PNG> {
  const bytes = await encodeMaskPng(doc.mask, { format, deflate: nodeDeflate });
  return PNG.sync.read(Buffer.from(bytes));
}

/** Red channel (grayscale PNGs decode to r = g = b) or alpha at (x, y). */
function px(png: PNG, x: number, y: number, channel = 0): number {
  return png.data[(y * png.width + x) * 4 + channel] ?? -1;
}

/** Horizontal hard stroke along y = 20 from x = 20 to x = 60 on a 100×80 mask. */
function strokeDoc(): MaskDocument {
  const doc = new MaskDocument(100, 80);
  doc.beginStroke('brush', HARD, { x: 20, y: 20 });
  doc.continueStroke([{ x: 40, y: 20 }, { x: 60, y: 20 }]);
  doc.endStroke();
  return doc;
}

function expectStrokeAt(png: PNG, edit: number, keep: number): void {
  for (const x of [20, 30, 45, 59]) expect(px(png, x, 20)).toBe(edit);
  expect(px(png, 40, 17)).toBe(edit); // inside the 5 px radius
  for (const [x, y] of [[0, 0], [99, 79], [40, 40], [10, 20], [70, 20], [40, 28]] as const) {
    expect(px(png, x, y)).toBe(keep);
  }
}

describe('PNG export at native resolution', () => {
  it('stroke yields white there and black elsewhere, grayscale at the source size', async () => {
    const png = await decode(strokeDoc());
    expect([png.width, png.height]).toEqual([100, 80]);
    expectStrokeAt(png, 255, 0);
    // the PNG holds exactly the raster bytes
    const doc = strokeDoc();
    for (let i = 0; i < doc.mask.data.length; i++) {
      if (png.data[i * 4] !== doc.mask.data[i]) throw new Error(`pixel ${i} differs`);
    }
  });

  it('stroke given in screen coordinates after zoom and pan lands at the image coordinates', async () => {
    let view = fitToView(100, 80, 400, 300);
    view = zoomAt(view, { x: 123, y: 77 }, 2.5);
    view = panBy(view, -37, 41);
    const screen = [20, 40, 60].map((x) => imageToScreen(view, { x, y: 20 }));
    const doc = new MaskDocument(100, 80);
    const [first, ...rest] = screen.map((p) => screenToImage(view, p));
    if (!first) throw new Error('no points');
    doc.beginStroke('brush', HARD, first);
    doc.continueStroke(rest);
    doc.endStroke();
    expectStrokeAt(await decode(doc), 255, 0);
    expect(Array.from(doc.mask.data)).toEqual(Array.from(strokeDoc().mask.data));
  });

  it('invert swaps edit and keep', async () => {
    const doc = strokeDoc();
    doc.invert();
    expectStrokeAt(await decode(doc), 0, 255);
  });

  it('undo removes the stroke and redo restores it, invert included', async () => {
    const doc = strokeDoc();
    doc.invert();
    doc.undo();
    expectStrokeAt(await decode(doc), 255, 0);
    doc.undo();
    const cleared = await decode(doc);
    expect(px(cleared, 40, 20)).toBe(0);
    expect(doc.hasEdit()).toBe(false);
    doc.redo();
    expectStrokeAt(await decode(doc), 255, 0);
    doc.redo();
    expectStrokeAt(await decode(doc), 0, 255);
  });

  it('alpha variant: transparent = edit, opaque black = keep', async () => {
    const png = await decode(strokeDoc(), 'alpha-edit');
    expect([png.width, png.height]).toEqual([100, 80]);
    expectStrokeAt(png, 0, 0); // RGB is black everywhere
    expect(px(png, 40, 20, 3)).toBe(0);
    expect(px(png, 0, 0, 3)).toBe(255);
    expect(px(png, 40, 40, 3)).toBe(255);
  });

  it('threshold turns a soft edge into a binary mask', async () => {
    const doc = new MaskDocument(40, 40);
    doc.beginStroke('brush', { size: 20, hardness: 0, opacity: 1 }, { x: 20, y: 20 });
    doc.endStroke();
    const soft = doc.mask.data[20 * 40 + 27] ?? 0;
    expect(soft).toBeGreaterThan(0);
    expect(soft).toBeLessThan(255);
    const bytes = await encodeMaskPng(doc.mask, { format: 'white-edit', deflate: nodeDeflate, threshold: 128 });
    const png = PNG.sync.read(Buffer.from(bytes));
    for (let i = 0; i < 40 * 40; i++) expect([0, 255]).toContain(png.data[i * 4]);
  });

  it('crc32 matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('non-square odd sizes (several tiles, partial edge tiles) round-trip', async () => {
    const doc = new MaskDocument(131, 67);
    doc.beginStroke('brush', { size: 3, hardness: 1, opacity: 1 }, { x: 0, y: 0 });
    doc.continueStroke([{ x: 130, y: 66 }]);
    doc.endStroke();
    const png = await decode(doc);
    expect([png.width, png.height]).toEqual([131, 67]);
    expect(px(png, 130, 66)).toBe(255);
    expect(px(png, 65, 33)).toBe(255);
    expect(px(png, 130, 0)).toBe(0);
  });
});
