import { PNG } from 'pngjs';
import { withJpegXmp, withWebpXmp } from '../jpeg-webp';
import { XMP_UUID } from '../mp4';
import { withPngText } from '../png';

/** Files built to attack the settings readers (issue 26): deep, huge, many parts, broken characters. */
export const tinyPng = (): Buffer => PNG.sync.write(new PNG({ width: 4, height: 3 }));

/** The smallest JPEG the readers accept: SOI, then end of image. */
export const tinyJpeg = (): Buffer => Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

/** A lossless 1×1 WebP (VP8L), enough for the XMP writer to add its VP8X header. */
export const tinyWebp = (): Buffer => {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), u32le(vp8l.length), vp8l, Buffer.alloc(1)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(4 + chunk.length), Buffer.from('WEBP', 'latin1'), chunk]);
};

const u32le = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
};

/** An MP4/ISO box with a 32-bit size. */
export const box = (type: string, body: Buffer = Buffer.alloc(0)): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
export const ftyp = (): Buffer => box('ftyp', Buffer.from('isom\0\0\0\0', 'latin1'));
export const xmpBox = (packet: string): Buffer => box('uuid', Buffer.concat([XMP_UUID, Buffer.from(packet, 'utf8')]));

/** Settings as Atelier writes them, with `values` as given (a JSON text spliced in, so it can be anything). */
export const settingsJson = (valuesJson = '{}', over: Record<string, unknown> = {}): string =>
  JSON.stringify({
    app: 'Atelier',
    version: 1,
    taskId: 'task-hostile',
    operationId: 'gateway.text2image',
    model: 'm',
    prompt: 'p',
    values: { v: '@@' },
    ...over,
  }).replace('"@@"', valuesJson);

/** `depth` arrays nested in each other. */
export const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** The settings JSON escaped into an XMP packet, as the writers do (`raw` is spliced in unescaped). */
export const xmpWith = (escapedJson: string): string =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><atelier:Provenance>${escapedJson}</atelier:Provenance></x:xmpmeta>`;
export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const pngWithSettings = (json: string): Buffer => withPngText(tinyPng(), json);
export const jpegWithXmp = (packet: string): Buffer => withJpegXmp(tinyJpeg(), packet);
export const webpWithXmp = (packet: string): Buffer => withWebpXmp(tinyWebp(), packet);
export const mp4WithXmp = (packet: string, boxes: Buffer[] = []): Buffer =>
  Buffer.concat([ftyp(), ...boxes, xmpBox(packet)]);

/** A 6,000-deep PNG (issue 26 item 1). */
export const deepPng = (): Buffer => pngWithSettings(settingsJson(nested(6000)));

/** A JPEG whose XMP holds a character reference no string can hold (issue 26 item 13). */
export const charRefJpeg = (): Buffer =>
  jpegWithXmp(xmpWith(escapeXml(settingsJson('"x"')).replace('task-hostile', 'task&#99999999;')));
