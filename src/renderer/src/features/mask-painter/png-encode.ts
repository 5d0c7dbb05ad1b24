/**
 * A minimal PNG encoder (8-bit, no interlace) in plain TS. Compression is injected so the same code
 * runs in Chromium (CompressionStream('deflate')) and in node tests/bench (node:zlib); both produce the
 * zlib-wrapped stream PNG's IDAT requires.
 */
export type DeflateFn = (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;

/** 0 = grayscale, 4 = grayscale + alpha, 6 = RGBA. */
export type PngColorType = 0 | 4 | 6;

export interface PngImage {
  width: number;
  height: number;
  colorType: PngColorType;
  /** Writes row `y`'s unfiltered pixel bytes into `out` (length width × channels). */
  writeRow: (y: number, out: Uint8Array) => void;
}

const CHANNELS: Record<PngColorType, number> = { 0: 1, 4: 2, 6: 4 };
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, seed = 0): number {
  let c = (seed ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Filtered scanlines. Filter "Up" on every row but the first: masks are large flat areas, so most
 * rows become runs of zeros, which deflate compresses smaller and faster than raw rows.
 */
export function filteredScanlines(img: PngImage): Uint8Array<ArrayBuffer> {
  const stride = img.width * CHANNELS[img.colorType];
  const raw = new Uint8Array((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    const start = y * (stride + 1);
    raw[start] = y === 0 ? 0 : 2;
    img.writeRow(y, raw.subarray(start + 1, start + 1 + stride));
  }
  // Bottom-up so each row is differenced against the still-unfiltered row above it.
  for (let y = img.height - 1; y > 0; y--) {
    const cur = y * (stride + 1) + 1;
    const prev = cur - (stride + 1);
    for (let i = 0; i < stride; i++) raw[cur + i] = ((raw[cur + i] ?? 0) - (raw[prev + i] ?? 0)) & 0xff;
  }
  return raw;
}

export async function encodePng(img: PngImage, deflate: DeflateFn): Promise<Uint8Array<ArrayBuffer>> {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, img.width);
  view.setUint32(4, img.height);
  ihdr.set([8, img.colorType, 0, 0, 0], 8);
  const idat = await deflate(filteredScanlines(img));
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
