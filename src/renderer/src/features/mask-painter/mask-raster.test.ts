import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { MaskDocument } from './mask-document';
import { encodeMaskPng } from './mask-export';
import { createMaskRaster, maskBytesFromRgba } from './mask-raster';

const nodeDeflate = (b: Uint8Array): Promise<Uint8Array> => Promise.resolve(new Uint8Array(deflateSync(b)));

/** An RGBA image of w×h with a white (or transparent) square at [sx, sx+size) on black. */
function squarePng(w: number, h: number, sx: number, size: number, style: 'white' | 'transparent'): PNG {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x >= sx && x < sx + size && y >= sx && y < sx + size;
      const o = (y * w + x) * 4;
      const v = style === 'white' && inside ? 255 : 0;
      png.data[o] = v;
      png.data[o + 1] = v;
      png.data[o + 2] = v;
      png.data[o + 3] = style === 'transparent' && inside ? 0 : 255;
    }
  }
  return png;
}

describe('loading an existing mask', () => {
  it('white-on-black PNG: white becomes edit', async () => {
    const file = PNG.sync.read(PNG.sync.write(squarePng(50, 40, 10, 8, 'white')));
    const doc = new MaskDocument(50, 40);
    doc.load(maskBytesFromRgba(file.data, 'auto'));
    expect(doc.mask.data[12 * 50 + 12]).toBe(255);
    expect(doc.mask.data[12 * 50 + 30]).toBe(0);
    expect(doc.mask.data[0]).toBe(0);
    // exporting the loaded mask gives the same pixels back
    const out = PNG.sync.read(Buffer.from(await encodeMaskPng(doc.mask, { format: 'white-edit', deflate: nodeDeflate })));
    for (let i = 0; i < 50 * 40; i++) expect(out.data[i * 4]).toBe(file.data[i * 4]);
  });

  it('OpenAI-style transparent mask: transparent becomes edit; our alpha export round-trips', async () => {
    const file = squarePng(50, 40, 10, 8, 'transparent');
    const bytes = maskBytesFromRgba(file.data, 'auto');
    expect(bytes[12 * 50 + 12]).toBe(255);
    expect(bytes[0]).toBe(0);
    const doc = new MaskDocument(50, 40);
    doc.load(bytes);
    const alpha = PNG.sync.read(Buffer.from(await encodeMaskPng(doc.mask, { format: 'alpha-edit', deflate: nodeDeflate })));
    expect(Array.from(maskBytesFromRgba(alpha.data, 'auto'))).toEqual(Array.from(bytes));
  });

  it('load is one undoable step', () => {
    const doc = new MaskDocument(4, 1);
    doc.load(Uint8Array.from([0, 255, 128, 0]));
    expect(Array.from(doc.mask.data)).toEqual([0, 255, 128, 0]);
    doc.undo();
    expect(Array.from(doc.mask.data)).toEqual([0, 0, 0, 0]);
  });

  it('initial mask and size validation', () => {
    expect(Array.from(createMaskRaster(2, 1, Uint8Array.from([255, 0])).data)).toEqual([255, 0]);
    expect(() => createMaskRaster(2, 2, new Uint8Array(3))).toThrow(RangeError);
    expect(() => createMaskRaster(0, 2)).toThrow(RangeError);
  });
});

describe('brush dabs', () => {
  it('opacity is a per-stroke ceiling: overlapping dabs do not build up past it', () => {
    const doc = new MaskDocument(64, 16);
    doc.beginStroke('brush', { size: 8, hardness: 1, opacity: 0.5 }, { x: 8, y: 8 });
    doc.continueStroke([{ x: 50, y: 8 }, { x: 8, y: 8 }, { x: 50, y: 8 }]);
    doc.endStroke();
    expect(doc.mask.data[8 * 64 + 30]).toBe(128);
    // a second stroke blends over the first: 128 + (255 − 128) × 0.5
    doc.beginStroke('brush', { size: 8, hardness: 1, opacity: 0.5 }, { x: 30, y: 8 });
    doc.endStroke();
    expect(doc.mask.data[8 * 64 + 30]).toBe(192);
  });

  it('eraser removes, soft brush falls off from centre to edge', () => {
    const doc = new MaskDocument(64, 64);
    doc.fill();
    doc.beginStroke('eraser', { size: 10, hardness: 1, opacity: 1 }, { x: 32, y: 32 });
    doc.endStroke();
    expect(doc.mask.data[32 * 64 + 32]).toBe(0);
    expect(doc.mask.data[32 * 64 + 45]).toBe(255);
    const soft = new MaskDocument(64, 64);
    soft.beginStroke('brush', { size: 30, hardness: 0, opacity: 1 }, { x: 32, y: 32 });
    soft.endStroke();
    const row = [32, 36, 40, 44].map((x) => soft.mask.data[32 * 64 + x] ?? 0);
    expect(row[0]).toBeGreaterThan(240);
    for (let i = 1; i < row.length; i++) expect(row[i]).toBeLessThan(row[i - 1] ?? 0);
    expect(soft.mask.data[32 * 64 + 50]).toBe(0);
  });

  it('interpolates dabs between distant samples (no gaps), pressure shrinks the dab', () => {
    const doc = new MaskDocument(300, 20);
    doc.beginStroke('brush', { size: 4, hardness: 1, opacity: 1 }, { x: 2, y: 10 });
    doc.continueStroke([{ x: 297, y: 10 }]);
    doc.endStroke();
    for (let x = 2; x < 297; x++) expect(doc.mask.data[10 * 300 + x]).toBe(255);
    const pen = new MaskDocument(40, 40);
    pen.beginStroke('brush', { size: 20, hardness: 1, opacity: 1 }, { x: 20, y: 20, pressure: 0.25 });
    pen.endStroke();
    expect(pen.mask.data[20 * 40 + 20]).toBe(255);
    expect(pen.mask.data[20 * 40 + 27]).toBe(0); // 7 px away: outside 2.5 px radius, inside the 10 px one
  });

  it('strokes leaving the image are clipped, not lost', () => {
    const doc = new MaskDocument(20, 20);
    doc.beginStroke('brush', { size: 4, hardness: 1, opacity: 1 }, { x: -30, y: 10 });
    doc.continueStroke([{ x: 50, y: 10 }, { x: 10, y: -40 }]);
    doc.endStroke();
    expect(doc.mask.data[10 * 20 + 0]).toBe(255);
    expect(doc.mask.data[10 * 20 + 19]).toBe(255);
    expect(doc.mask.data[0]).toBe(0);
  });
});
