import { DamagedSettingsError, SETTINGS_LIMITS } from './damaged';

/** PNG: the provenance JSON in an uncompressed `iTXt` chunk with keyword `atelier`, placed before the first IDAT. */
export const PNG_KEYWORD = 'atelier';
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const isPng = (b: Uint8Array): boolean =>
  b.length >= 8 && Buffer.from(b.subarray(0, 8)).equals(SIGNATURE);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Walks the chunks; throws on a file that is not a well-formed PNG (so nothing is written into it). */
function firstData(png: Buffer): number {
  if (!isPng(png)) throw new Error('not a PNG file');
  let at = 8;
  while (at + 12 <= png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    // Text before the image data, where every reader looks (exiftool warns about text after IDAT).
    if (type === 'IDAT' || type === 'IEND') return at;
    at += 12 + len;
  }
  throw new Error('PNG without IDAT');
}

/** Returns a new PNG with the iTXt chunk inserted before the image data; every other byte stays as it was. */
export function withPngText(png: Buffer, text: string): Buffer {
  const iend = firstData(png);
  const data = Buffer.concat([Buffer.from(`${PNG_KEYWORD}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')]);
  return Buffer.concat([png.subarray(0, iend), chunk('iTXt', data), png.subarray(iend)]);
}

/** Finds the `atelier` iTXt text anywhere in `bytes` (a whole file or a slice of it); throws when over the bound. */
export function readPngText(bytes: Buffer): string | null {
  const marker = Buffer.from(`iTXt${PNG_KEYWORD}\0`, 'latin1');
  const at = bytes.indexOf(marker);
  if (at < 4) return null;
  const len = bytes.readUInt32BE(at - 4);
  if (len > SETTINGS_LIMITS.maxBytes) throw new DamagedSettingsError('too-large');
  const data = bytes.subarray(at + 4, at + 4 + len);
  if (data.length !== len) return null;
  // keyword \0, compression flag, method, language \0, translated keyword \0, text
  let p = PNG_KEYWORD.length + 1;
  if (data[p] !== 0) return null; // compressed: not ours
  p += 2;
  p = data.indexOf(0, p) + 1;
  p = data.indexOf(0, p) + 1;
  if (p <= 0) return null;
  return data.subarray(p).toString('utf8');
}
