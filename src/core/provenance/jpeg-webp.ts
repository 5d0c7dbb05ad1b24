/** JPEG and WebP: the XMP packet as an APP1 segment after SOI, or as a RIFF `XMP ` chunk with VP8X's XMP flag. */
export const XMP_NS_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

export const isJpeg = (b: Uint8Array): boolean =>
  b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
export const isWebp = (b: Uint8Array): boolean =>
  b.length >= 12 &&
  Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
  Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP';

export function withJpegXmp(jpeg: Buffer, xmp: string): Buffer {
  if (!isJpeg(jpeg)) throw new Error('not a JPEG file');
  const payload = Buffer.concat([XMP_NS_HEADER, Buffer.from(xmp, 'utf8')]);
  if (payload.length + 2 > 0xffff) throw new Error('XMP too large for one JPEG segment');
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  // After SOI and a JFIF APP0 when present (readers expect JFIF first).
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), head, payload, jpeg.subarray(at)]);
}

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** Canvas size and alpha of a simple (VP8 / VP8L) WebP, needed to add the VP8X header chunk. */
function simpleInfo(webp: Buffer): { w: number; h: number; alpha: boolean } {
  const type = webp.toString('latin1', 12, 16);
  const d = webp.subarray(20);
  if (type === 'VP8 ' && d[3] === 0x9d && d[4] === 0x01 && d[5] === 0x2a)
    return { w: d.readUInt16LE(6) & 0x3fff, h: d.readUInt16LE(8) & 0x3fff, alpha: false };
  if (type === 'VP8L' && d[0] === 0x2f) {
    const bits = d.readUInt32LE(1);
    return { w: (bits & 0x3fff) + 1, h: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  throw new Error(`unsupported WebP chunk ${type}`);
}

export function withWebpXmp(webp: Buffer, xmp: string): Buffer {
  if (!isWebp(webp)) throw new Error('not a WebP file');
  let body = webp.subarray(12);
  if (webp.toString('latin1', 12, 16) === 'VP8X') {
    const flags = body.subarray(8, 9);
    body = Buffer.concat([body.subarray(0, 8), Buffer.from([(flags[0] ?? 0) | 0x04]), body.subarray(9)]);
  } else {
    const { w, h, alpha } = simpleInfo(webp);
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x04 | (alpha ? 0x10 : 0);
    vp8x.writeUIntLE(w - 1, 4, 3);
    vp8x.writeUIntLE(h - 1, 7, 3);
    body = Buffer.concat([riffChunk('VP8X', vp8x), body]);
  }
  const out = Buffer.concat([
    Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'),
    body,
    riffChunk('XMP ', Buffer.from(xmp, 'utf8')),
  ]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}
